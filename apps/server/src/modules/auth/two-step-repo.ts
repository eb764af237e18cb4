import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { RecoveryCodesTable } from '../../db/schema.js';

/** Two-step sign-in: the secrets on the user row, the step of the last code, recovery codes. */

export async function setPendingSecret(db: Executor, userId: string, secret: string, now: string) {
  await db
    .updateTable('users')
    .set({ totp_pending_secret: secret, updated: now })
    .where('id', '=', userId)
    .execute();
}

/** Turns the pending secret on, unless two-step is on already: 1 when this call did it. */
export async function enable(
  db: Executor,
  userId: string,
  secret: string,
  step: number,
  now: string,
): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({
      totp_secret: secret,
      totp_pending_secret: null,
      totp_enabled_at: now,
      totp_last_step: step,
      updated: now,
    })
    .where('id', '=', userId)
    .where('totp_secret', 'is', null)
    .where('totp_pending_secret', '=', secret)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function disable(db: Executor, userId: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      updated: now,
    })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/**
 * Records that the code of time step `step` was used, only if no code of that step or a later
 * one was: 1 when this call won, 0 for a replay (also when two requests race with one code).
 */
export async function advanceLastStep(db: Executor, userId: string, step: number): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_secret', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The user's recovery codes become these (the old ones stop working). */
export async function replaceRecoveryCodes(
  db: Executor,
  userId: string,
  rows: RecoveryCodesTable[],
): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (rows.length > 0) await db.insertInto('recovery_codes').values(rows).execute();
}

/** Marks a recovery code used only if it still was unused: 1 when this call won. */
export async function useRecoveryCode(
  db: Executor,
  userId: string,
  codeHash: string,
  now: string,
): Promise<number> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The name of an active site the user is an active member of that requires two-step, if any. */
export async function findSiteRequiringTwoStep(
  db: Executor,
  userId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('sites')
    .innerJoin('site_users', 'site_users.site_id', 'sites.id')
    .select('sites.name')
    .where('site_users.user_id', '=', userId)
    .where('site_users.is_active', '=', 1)
    .where('sites.is_active', '=', 1)
    .where('sites.require_two_step', '=', 1)
    .orderBy('sites.name')
    .executeTakeFirst();
  return row?.name ?? null;
}
