import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zSessionInfo } from '@siteledger/domain';
import { currentUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import { clearSessionCookies } from '../../platform/cookies.js';
import * as sessions from './sessions-service.js';

/** Profile → "Where you're signed in": list the caller's sessions, end one, or all others. */
export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['me'];

  r.get(
    '/api/me/sessions',
    { schema: { tags, response: { 200: z.object({ items: z.array(zSessionInfo) }) } } },
    async (req) => {
      const { user, sessionId } = currentUser(req);
      return { items: await sessions.listSessions(ctx, user.id, sessionId) };
    },
  );

  r.delete(
    '/api/me/sessions/:sessionId',
    { schema: { tags, params: z.object({ sessionId: z.string().min(1).max(40) }) } },
    async (req, reply) => {
      const { user, sessionId, via } = currentUser(req);
      await sessions.endOwnSession(ctx, user.id, req.params.sessionId);
      // Ending this very session is signing out here.
      if (req.params.sessionId === sessionId && via === 'cookie') {
        clearSessionCookies(req, reply, ctx.config.publicUrl);
      }
      return reply.status(204).send();
    },
  );

  r.delete(
    '/api/me/sessions',
    { schema: { tags, response: { 200: z.object({ ended: z.number().int() }) } } },
    async (req) => {
      const { user, sessionId } = currentUser(req);
      return { ended: await sessions.endOtherSessions(ctx, ctx.db.kysely, user.id, sessionId) };
    },
  );
}
