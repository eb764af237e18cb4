import type { AppContext } from '../../platform/context.js';

/** Whether the user is still an active member of an active site (checked at each heartbeat). */
export async function stillMember(
  ctx: AppContext,
  siteId: string,
  userId: string,
): Promise<boolean> {
  const row = await ctx.db.kysely
    .selectFrom('site_users')
    .innerJoin('sites', 'sites.id', 'site_users.site_id')
    .select('site_users.id')
    .where('site_users.site_id', '=', siteId)
    .where('site_users.user_id', '=', userId)
    .where('site_users.is_active', '=', 1)
    .where('sites.is_active', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the stream's session still lets it in (not ended, not expired). */
export async function sessionLive(ctx: AppContext, sessionId: string): Promise<boolean> {
  const row = await ctx.db.kysely
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  return row !== undefined;
}
