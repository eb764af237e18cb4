import { sql, type Kysely, type Transaction } from 'kysely';
import type { AccountsTable, Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export type AccountRow = AccountsTable;

export function accountsQuery(db: Executor, filters: { is_active?: boolean | undefined }) {
  let query = db.selectFrom('accounts').selectAll('accounts');
  if (filters.is_active !== undefined)
    query = query.where('is_active', '=', filters.is_active ? 1 : 0);
  return query;
}

export function findAccount(db: Executor, siteId: string, id: string) {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The account row, locked on PostgreSQL so balance changes to one account are serial. NO KEY
 * UPDATE: rows that reference the account (payments, transactions) may still be inserted by
 * other transactions without deadlocking against their foreign-key share locks.
 */
export function lockAccount(
  db: Transaction<Database>,
  siteId: string,
  id: string,
  postgres: boolean,
) {
  let query = db
    .selectFrom('accounts')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id);
  if (postgres) query = query.forNoKeyUpdate();
  return query.executeTakeFirst();
}

export async function insertAccount(db: Executor, row: AccountRow): Promise<void> {
  await db.insertInto('accounts').values(row).execute();
}

export async function updateAccount(
  db: Executor,
  siteId: string,
  id: string,
  changes: Partial<AccountRow>,
) {
  await db
    .updateTable('accounts')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}

export async function deleteAccount(db: Executor, siteId: string, id: string) {
  await db.deleteFrom('accounts').where('site_id', '=', siteId).where('id', '=', id).execute();
}

/** True when transactions, payments or refunds name the account. */
export async function accountIsUsed(db: Executor, id: string): Promise<boolean> {
  for (const table of ['account_transactions', 'payments', 'vendor_refunds'] as const) {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('account', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/**
 * current_balance = opening_balance + Σ credits − Σ debits, recomputed from the transactions in
 * SQL (never adjusted incrementally, so it cannot drift).
 */
export async function recomputeBalance(
  db: Executor,
  siteId: string,
  accountId: string,
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({
      current_balance: sql<number>`opening_balance + coalesce((
        select sum(case when t.type = 'credit' then t.amount else -t.amount end)
        from account_transactions t where t.account = accounts.id), 0)`,
    })
    .where('site_id', '=', siteId)
    .where('id', '=', accountId)
    .execute();
}
