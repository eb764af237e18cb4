/**
 * Progressive slow-down of password guessing, per email address (known or not, so it tells
 * nothing about which accounts exist): after FREE_FAILURES consecutive failures each further
 * failure locks sign-in for twice as long as the last, up to MAX_LOCK_S; a success clears it.
 * Kept in the database so that it holds across server instances.
 */
import { sql } from 'kysely';
import { nowIso } from '../../db/ids.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';

export const FREE_FAILURES = 5;
export const MAX_LOCK_S = 15 * 60;

const key = (email: string) => email.trim().toLowerCase();

/** Refuses with LOGIN_THROTTLED while the address is locked. */
export async function assertNotThrottled(ctx: AppContext, email: string): Promise<void> {
  const row = await ctx.db.kysely
    .selectFrom('login_throttle')
    .select('locked_until')
    .where('email', '=', key(email))
    .executeTakeFirst();
  const until = row?.locked_until ? Date.parse(row.locked_until) : 0;
  const wait = Math.ceil((until - Date.now()) / 1000);
  if (wait > 0) throw new AppError('LOGIN_THROTTLED', { retry_after: wait });
}

export async function recordFailure(ctx: AppContext, email: string): Promise<void> {
  const now = nowIso();
  await ctx.db.kysely
    .insertInto('login_throttle')
    .values({ email: key(email), failures: 1, locked_until: null, updated: now })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({ failures: sql`login_throttle.failures + 1`, updated: now }),
    )
    .execute();
  const row = await ctx.db.kysely
    .selectFrom('login_throttle')
    .select('failures')
    .where('email', '=', key(email))
    .executeTakeFirst();
  const failures = Number(row?.failures ?? 0);
  if (failures < FREE_FAILURES) return;
  const seconds = Math.min(MAX_LOCK_S, 2 ** (failures - FREE_FAILURES));
  await ctx.db.kysely
    .updateTable('login_throttle')
    .set({ locked_until: new Date(Date.now() + seconds * 1000).toISOString() })
    .where('email', '=', key(email))
    .execute();
}

export async function clearFailures(ctx: AppContext, email: string): Promise<void> {
  await ctx.db.kysely.deleteFrom('login_throttle').where('email', '=', key(email)).execute();
}
