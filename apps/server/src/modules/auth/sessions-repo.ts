import { atomically, type Executor } from '../../db/executor.js';
import type { SessionsTable } from '../../db/schema.js';

export type SessionRow = SessionsTable;

export async function insertSession(db: Executor, session: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** Live sessions with their users: what authenticating a request reads. */
function liveSessions(db: Executor, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.kind as session_kind',
      'sessions.csrf_hash as session_csrf_hash',
      'sessions.last_used_at as session_last_used_at',
      'sessions.expires_at as session_expires_at',
    ])
    .selectAll('users')
    .where('sessions.expires_at', '>', now);
}

/** The live session and its user for a token hash. */
export function findLiveSession(db: Executor, tokenHash: string, now: string) {
  return liveSessions(db, now).where('sessions.token_hash', '=', tokenHash).executeTakeFirst();
}

/** The same, by session id (a token retired moments ago still speaks for its session). */
export function findLiveSessionById(db: Executor, sessionId: string, now: string) {
  return liveSessions(db, now).where('sessions.id', '=', sessionId).executeTakeFirst();
}

export function findSession(db: Executor, sessionId: string) {
  return db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
}

export function findRetiredToken(db: Executor, tokenHash: string) {
  return db
    .selectFrom('retired_session_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Swaps the session's token only if it still is `oldHash`, so of two refreshes with the same
 * token one wins; the old hash is kept to recognise a replay. 1 when this call won.
 */
export async function rotateToken(
  db: Executor,
  sessionId: string,
  oldHash: string,
  change: Pick<SessionsTable, 'token_hash' | 'token_issued_at' | 'expires_at'> &
    Partial<Pick<SessionsTable, 'kind' | 'csrf_hash' | 'ip' | 'user_agent' | 'last_used_at'>>,
): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set(change)
    .where('id', '=', sessionId)
    .where('token_hash', '=', oldHash)
    .executeTakeFirst();
  const won = Number(result.numUpdatedRows);
  if (won === 1) {
    await db
      .insertInto('retired_session_tokens')
      .values({
        token_hash: oldHash,
        session_id: sessionId,
        retired_at: change.token_issued_at ?? new Date().toISOString(),
      })
      .execute();
  }
  return won;
}

/** Last use and client address, for "Where you're signed in". */
export async function touchSession(
  db: Executor,
  sessionId: string,
  now: string,
  ip: string | null,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: now, ip })
    .where('id', '=', sessionId)
    .execute();
}

/** Ends a session with its retired tokens: both go, or (on an error) neither. */
export function deleteSession(db: Executor, sessionId: string): Promise<number> {
  return atomically(db, async (trx) => {
    await trx.deleteFrom('retired_session_tokens').where('session_id', '=', sessionId).execute();
    const result = await trx.deleteFrom('sessions').where('id', '=', sessionId).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** Ends one of the user's sessions; 0 when it is not theirs (or already ended). */
export async function deleteSessionOfUser(
  db: Executor,
  userId: string,
  sessionId: string,
): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return 0;
  return deleteSession(db, sessionId);
}

/** Every session of the user but `keepSessionId` (all of them when null); the ids ended. */
export async function deleteOtherSessions(
  db: Executor,
  userId: string,
  keepSessionId: string | null,
): Promise<string[]> {
  let query = db.selectFrom('sessions').select('id').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  const ids = (await query.execute()).map((row) => row.id);
  if (ids.length === 0) return ids;
  await atomically(db, async (trx) => {
    await trx.deleteFrom('retired_session_tokens').where('session_id', 'in', ids).execute();
    await trx.deleteFrom('sessions').where('id', 'in', ids).execute();
  });
  return ids;
}

export function liveSessionsOfUser(db: Executor, userId: string, now: string) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_used_at', 'desc')
    .execute();
}

/** Sessions past their end and tokens retired longer ago than any session can live. */
export function deleteExpired(db: Executor, now: string, retiredBefore: string): Promise<void> {
  return atomically(db, async (trx) => {
    const expired = trx.selectFrom('sessions').select('id').where('expires_at', '<=', now);
    await trx.deleteFrom('retired_session_tokens').where('session_id', 'in', expired).execute();
    await trx
      .deleteFrom('retired_session_tokens')
      .where('retired_at', '<', retiredBefore)
      .execute();
    await trx.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  });
}
