import type { AccountTransactionsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { siteRows } from '../../platform/record-service.js';

export type TransactionRow = AccountTransactionsTable;

export function transactionsQuery(db: Executor) {
  return db.selectFrom('account_transactions').selectAll('account_transactions');
}

/** One transaction of the site; `lockTransaction` locks its row on PostgreSQL until the end. */
export const {
  find: findTransaction,
  lock: lockTransaction,
  insert: insertTransaction,
  update: updateTransaction,
  remove: deleteTransaction,
} = siteRows('account_transactions');

/** What posted an account's transactions: one record's column and id. */
export type PostingLink =
  | { payment: string }
  | { vendor_refund: string }
  | { tds_challan: string }
  | { worker_advance: string }
  | { wage_sheet: string }
  | { imprest: string }
  | { imprest_replenishment: string };

type LinkColumn =
  | 'payment'
  | 'vendor_refund'
  | 'tds_challan'
  | 'worker_advance'
  | 'wage_sheet'
  | 'imprest'
  | 'imprest_replenishment';

/** The transactions a payment or a refund posted (to undo them with it). */
export function transactionsOf(db: Executor, siteId: string, link: PostingLink) {
  const [[column, id]] = Object.entries(link) as [[LinkColumn, string]];
  return db
    .selectFrom('account_transactions')
    .selectAll()
    .where('site_id', '=', siteId)
    .where(column, '=', id)
    .execute();
}
