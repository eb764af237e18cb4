import type { Transaction } from 'kysely';
import type { AccountTransactionsTable, Database } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { forUpdate } from '../../db/locking.js';

export type TransactionRow = AccountTransactionsTable;

export function transactionsQuery(db: Executor) {
  return db.selectFrom('account_transactions').selectAll('account_transactions');
}

export function findTransaction(db: Executor, siteId: string, id: string) {
  return db
    .selectFrom('account_transactions')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One transaction, its row locked on PostgreSQL until the transaction ends. */
export function lockTransaction(db: Transaction<Database>, siteId: string, id: string) {
  const query = db
    .selectFrom('account_transactions')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id);
  return forUpdate(db, query).executeTakeFirst();
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
