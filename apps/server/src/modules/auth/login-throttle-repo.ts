import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

/** The SQL of the sign-in throttle (login-throttle.ts): one row per email address. */

export async function findLockedUntil(db: Executor, email: string): Promise<string | null> {
  const row = await db
    .selectFrom('login_throttle')
    .select('locked_until')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

/**
 * Counts one failure in one statement, so concurrent failures from any number of client
 * addresses all count. A row whose last failure is at or before `seriesEndsBefore` belongs to an
 * ended series: it starts again at one failure, unlocked and not yet notified.
 */
export async function addFailure(
  db: Executor,
  email: string,
  now: string,
  seriesEndsBefore: string,
): Promise<{ failures: number; notified_at: string | null }> {
  const ended = sql<boolean>`login_throttle.updated <= ${seriesEndsBefore}`;
  const row = await db
    .insertInto('login_throttle')
    .values({ email, failures: 1, locked_until: null, notified_at: null, updated: now })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({
        failures: sql`case when ${ended} then 1 else login_throttle.failures + 1 end`,
        locked_until: sql`case when ${ended} then null else login_throttle.locked_until end`,
        notified_at: sql`case when ${ended} then null else login_throttle.notified_at end`,
        updated: now,
      }),
    )
    .returning(['failures', 'notified_at'])
    .executeTakeFirstOrThrow();
  return { failures: Number(row.failures), notified_at: row.notified_at };
}

/** Locks until `until`, never shortening a longer lock a concurrent failure has set. */
export async function extendLock(db: Executor, email: string, until: string): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ locked_until: until })
    .where('email', '=', email)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', until)]))
    .execute();
}

/** Marks the series as told; true only for the one caller that marked it. */
export async function claimNotice(db: Executor, email: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('login_throttle')
    .set({ notified_at: now })
    .where('email', '=', email)
    .where('notified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteThrottle(db: Executor, email: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('email', '=', email).execute();
}
