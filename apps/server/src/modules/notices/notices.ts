import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerNoticeHook } from './notices-hook.js';
import { noticeRoutes } from './notices-routes.js';

export { noticeDigests } from './notices-digest.js';
export { noticesSettled } from './notices-hook.js';

/** Notices that reach people (issue 47): the write hook and GET/PATCH /api/me/notices. */
export function registerNotices(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.whatsapp) {
    ctx.logger.info('WhatsApp notices off: WHATSAPP_API_URL, _TOKEN or _PHONE_ID is not set');
  }
  registerNoticeHook(app, ctx);
  noticeRoutes(app, ctx);
}
