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

/** The transactions a payment or a refund posted (to undo them with it). */
export function transactionsOf(
  db: Executor,
  siteId: string,
  link: { payment: string } | { vendor_refund: string } | { tds_challan: string },
) {
  let query = db.selectFrom('account_transactions').selectAll().where('site_id', '=', siteId);
  query =
    'payment' in link
      ? query.where('payment', '=', link.payment)
      : 'vendor_refund' in link
        ? query.where('vendor_refund', '=', link.vendor_refund)
        : query.where('tds_challan', '=', link.tds_challan);
  return query.execute();
}
