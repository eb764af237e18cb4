import type { AuthTokenKind, AuthTokensTable, UsersTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';

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
