import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pickLanguage, zBatchRequest, zBatchResponse } from '@siteledger/domain';
import { currentUser } from '../../platform/access.js';
import { changedCollections } from '../../platform/changed-collections.js';
import type { AppContext } from '../../platform/context.js';
import { clientOf } from '../../platform/record-events.js';
import { runBatch } from './batch-service.js';

/** Routes of POST /api/batch (helper S2): site access is checked per request inside. */
export function batchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/batch',
    {
      config: { access: { auth: 'user' } },
      schema: { tags: ['deliveries'], body: zBatchRequest, response: { 200: zBatchResponse } },
    },
    async (req) => {
      const userId = currentUser(req).user.id;
      const sites = new Set(
        req.body.requests.flatMap(
          (entry) => /^\/api\/sites\/([^/?#]+)\//.exec(entry.url)?.[1] ?? [],
        ),
      );
      let result;
      try {
        result = await runBatch(
          ctx,
          userId,
          pickLanguage(req.headers['accept-language']),
          req.body,
        );
      } finally {
        // Kept dashboards and ledgers of these sites are recomputed (whatever the outcome).
        for (const site of sites) ctx.siteChanges.changed(site);
      }
      // Committed: tell the sites' event streams (the access hook knows no site for this route).
      const client = clientOf(req);
      req.body.requests.forEach((entry, index) => {
        const match = /^\/api\/sites\/([^/]+)\/delivery_items(?:\/([^/?#]+))?$/.exec(entry.url);
        if (!match?.[1]) return;
        const body = result.responses[index]?.body as { id?: unknown } | null | undefined;
        const id = match[2] ?? (typeof body?.id === 'string' ? body.id : null);
        const action =
          entry.method === 'POST' ? 'create' : entry.method === 'DELETE' ? 'delete' : 'update';
        const event = {
          collection: 'delivery_items',
          action,
          id,
          user: userId,
          // Issue 41: what the batch's transaction changed, as its answer header names it.
          changed: changedCollections(req),
        } as const;
        ctx.events.publish(match[1], client ? { ...event, client } : event);
      });
      return result;
    },
  );
}
