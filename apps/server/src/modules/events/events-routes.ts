import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentSite, currentUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import type { RecordEvent } from '../../platform/events.js';
import { zSiteParams } from '../../platform/route-params.js';
import { sessionLive, stillMember } from './events-repo.js';

/** A comment line now and then keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

/**
 * GET /api/sites/{siteId}/events: Server-Sent Events for members of the site (API.md "Live
 * updates"). Each committed change arrives as `event: record` with `{ collection, action, id,
 * user }`. Membership and the session are checked again at every heartbeat, so a removed member's or an
 * ended session's stream ends (an ended session's at once on this instance; a removed member's at
 * once on every instance, when the removal's own event arrives).
 */
export function eventRoutes(app: FastifyInstance, ctx: AppContext): void {
  const open = new Set<ServerResponse>();
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/sites/:siteId/events',
    {
      config: { access: { auth: 'site' } },
      schema: {
        tags: ['live updates'],
        params: zSiteParams,
        description: 'text/event-stream of `record` events for the site',
      },
    },
    async (req, reply) => {
      const { siteId } = currentSite(req);
      const { user, sessionId } = currentUser(req);
      const userId = user.id;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      open.add(res);
      const write = (chunk: string) => {
        if (!res.writableEnded) res.write(chunk);
      };
      write(`retry: 1000\nevent: ready\ndata: ${JSON.stringify({ site: siteId })}\n\n`);
      const unsubscribe = ctx.events.subscribe(siteId, (event: RecordEvent) => {
        // This member was removed (on any instance: the event comes over the shared bus): the
        // stream ends now, as a signed-out session's does, not at the next heartbeat.
        if (event.collection === 'members' && event.action === 'delete' && event.id === userId) {
          if (!res.writableEnded) res.end();
          return;
        }
        write(`event: record\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => {
        Promise.all([stillMember(ctx, siteId, userId), sessionLive(ctx, sessionId)])
          .then(([member, live]) => {
            if (member && live) write(': ping\n\n');
            else res.end();
          })
          .catch((error: unknown) => ctx.logger.warn({ err: error }, 'event stream check failed'));
      }, HEARTBEAT_MS);
      heartbeat.unref();
      const forget = ctx.sessionStreams.register(sessionId, () => {
        if (!res.writableEnded) res.end();
      });
      const cleanup = () => {
        forget();
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      };
      res.on('close', cleanup);
      req.raw.on('close', () => {
        cleanup();
        if (!res.writableEnded) res.end();
      });
    },
  );
}
