import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zNoticePreferences, zNoticePreferencesUpdate } from '@siteledger/domain';
import { currentUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import { preferencesOf, savePreferences } from './notices-preferences.js';

/** GET/PATCH /api/me/notices: the caller's own choices, nobody else's. */
export function noticeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['me'];

  r.get('/api/me/notices', { schema: { tags, response: { 200: zNoticePreferences } } }, (req) =>
    preferencesOf(ctx, currentUser(req).user),
  );

  r.patch(
    '/api/me/notices',
    { schema: { tags, body: zNoticePreferencesUpdate, response: { 200: zNoticePreferences } } },
    async (req) => savePreferences(ctx, currentUser(req).user, req.body),
  );
}
