import { sql } from 'kysely';
import type { AccountsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { anyRowWhere } from '../../db/site-rows.js';
import { isPostgres } from '../../db/locking.js';
import { siteCondition } from '../../db/site-scope.js';
import type { TransactionRow } from './transactions-repo.js';
import { siteRows } from '../../platform/record-service.js';

export type AccountRow = AccountsTable;

export function accountsQuery(db: Executor, filters: { is_active?: boolean | undefined }) {
  let query = db.selectFrom('accounts').selectAll('accounts');
  if (filters.is_active !== undefined)
    query = query.where('is_active', '=', filters.is_active ? 1 : 0);
  return query;
}

/**
 * One account of the site; `lockAccount` locks it on PostgreSQL so balance changes to one account
 * are serial. NO KEY UPDATE: rows that reference the account (payments, transactions) may still
 * be inserted by other transactions without deadlocking against their foreign-key share locks.
 */
export const {
  find: findAccount,
  lockNoKey: lockAccount,
  insert: insertAccount,
  update: updateAccount,
  remove: deleteAccount,
} = siteRows('accounts');

/** True when transactions, payments or refunds name the account. */
export async function accountIsUsed(db: Executor, id: string): Promise<boolean> {
  for (const table of ['account_transactions', 'payments', 'vendor_refunds'] as const) {
    if (await anyRowWhere(db, table, 'account', id)) return true;
  }
  return false;
}

/** What one transaction adds to its account's balance, in paise: credits in, debits out. */
export function balanceEffect(row: { type: string; amount: number }): number {
  return row.type === 'credit' ? Number(row.amount) : -Number(row.amount);
}

/**
 * current_balance = opening_balance + Σ credits − Σ debits, kept by moving it by each change's
 * effect in the transaction that makes the change (insert, edit or removal of a transaction, a
 * new opening balance). It used to be re-summed over all the account's transactions on every
 * posting: 3.2 ms of a payment's 8.5 ms on SQLite and the whole of its row-lock time on
 * PostgreSQL once an account had 40 000 transactions (bench/ANALYSIS.md). `current_balance + Δ`
 * composes under concurrent postings; callers read what they move from rows they hold locked,
 * and `npm run check-integrity` (run after every test suite) re-sums every account.
 */
/** Moves an active account's balance; false when the account is closed (nothing moved). */
export async function moveActiveBalance(
  db: Executor,
  siteId: string,
  accountId: string,
  delta: number,
): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ current_balance: sql<number>`current_balance + ${delta}` })
    .where(siteCondition('accounts', 'accounts.site_id', siteId))
    .where('id', '=', accountId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Inserts a posting and moves its account's balance when the account is active (false, and
 * the caller rolls back, when it is not). On PostgreSQL one statement — the insert in a
 * data-modifying `WITH` of the balance update — since the update is the account's row lock and
 * every payment from the account queues on it: one round trip under the lock, not two.
 */
export async function insertPostingMovingActiveBalance(
  db: Executor,
  row: TransactionRow,
  delta: number,
): Promise<boolean> {
  if (!isPostgres(db)) {
    await db.insertInto('account_transactions').values(row).execute();
    return moveActiveBalance(db, row.site_id, row.account, delta);
  }
  const result = await db
    .with('posted', (q) => q.insertInto('account_transactions').values(row).returning('id'))
    .updateTable('accounts')
    .set({ current_balance: sql<number>`current_balance + ${delta}` })
    .where(siteCondition('accounts', 'accounts.site_id', row.site_id))
    .where('id', '=', row.account)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function moveBalance(
  db: Executor,
  siteId: string,
  accountId: string,
  delta: number,
): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable('accounts')
    .set({ current_balance: sql<number>`current_balance + ${delta}` })
    .where(siteCondition('accounts', 'accounts.site_id', siteId))
    .where('id', '=', accountId)
    .execute();
}
