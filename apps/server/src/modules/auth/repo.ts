import type { Kysely, Transaction } from 'kysely';
import type { AuthTokenKind, AuthTokensTable, Database, UsersTable } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export type UserRow = UsersTable;

export function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Executor, user: UsersTable): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<Omit<UsersTable, 'id' | 'created'>>,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function insertSession(
  db: Executor,
  session: {
    id: string;
    user_id: string;
    token_hash: string;
    created: string;
    expires_at: string;
    user_agent: string | null;
  },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session and its user for a token hash, if the session has not expired. */
export function findLiveSession(db: Executor, tokenHash: string, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as session_id', 'sessions.expires_at'])
    .selectAll('users')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(db: Executor, sessionId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('id', '=', sessionId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteOtherSessions(
  db: Executor,
  userId: string,
  keepSessionId: string | null,
) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

export async function insertAuthToken(db: Executor, token: AuthTokensTable): Promise<void> {
  await db.insertInto('auth_tokens').values(token).execute();
}

export function findAuthToken(db: Executor, kind: AuthTokenKind, tokenHash: string) {
  return db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('kind', '=', kind)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a token used only if it still was unused: 1 when this call won, 0 when another did. */
export async function consumeAuthToken(db: Executor, id: string, now: string): Promise<number> {
  const result = await db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Older unused links of the same kind stop working when a new one is mailed. */
export async function invalidateAuthTokens(
  db: Executor,
  userId: string,
  kind: AuthTokenKind,
  now: string,
) {
  await db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}
