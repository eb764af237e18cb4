import type { AccountTransactionsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';

export type TransactionRow = AccountTransactionsTable;

export function transactionsQuery(db: Executor) {
  return db.selectFrom('account_transactions').selectAll('account_transactions');
}

/** One transaction; `forUpdate` locks its row on PostgreSQL until the transaction ends. */
export function findTransaction(db: Executor, siteId: string, id: string, forUpdate = false) {
  let query = db
    .selectFrom('account_transactions')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertTransaction(db: Executor, row: TransactionRow): Promise<void> {
  await db.insertInto('account_transactions').values(row).execute();
}

export async function updateTransaction(
  db: Executor,
  siteId: string,
  id: string,
  changes: Partial<TransactionRow>,
) {
  await db
    .updateTable('account_transactions')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}

export async function deleteTransaction(db: Executor, siteId: string, id: string) {
  await db
    .deleteFrom('account_transactions')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}

/** The transactions a payment or a refund posted (to undo them with it). */
export function transactionsOf(
  db: Executor,
  siteId: string,
  link: { payment: string } | { vendor_refund: string },
) {
  let query = db.selectFrom('account_transactions').selectAll().where('site_id', '=', siteId);
  query =
    'payment' in link
      ? query.where('payment', '=', link.payment)
      : query.where('vendor_refund', '=', link.vendor_refund);
  return query.execute();
}

export async function accountRefs(db: Executor, siteId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('accounts')
    .select(['id', 'name', 'type'])
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .execute();
}

export async function vendorRefs(db: Executor, siteId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('vendors')
    .select(['id', 'name'])
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .execute();
}

export async function vendorExists(db: Executor, siteId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('vendors')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
