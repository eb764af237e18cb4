import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pickLanguage, zBatchRequest, zBatchResponse } from '@siteledger/domain';
import { currentUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
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
    async (req) =>
      runBatch(
        ctx,
        currentUser(req).user.id,
        pickLanguage(req.headers['accept-language']),
        req.body,
      ),
  );
}
