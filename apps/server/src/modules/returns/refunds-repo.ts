import type { VendorRefundsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { siteRefs, siteRows } from '../../db/site-rows.js';

export type RefundRow = VendorRefundsTable;

export function refundsQuery(db: Executor) {
  return db.selectFrom('vendor_refunds').selectAll('vendor_refunds');
}

const refunds = siteRows('vendor_refunds');
export const findRefund = refunds.find;
export const insertRefund = refunds.insert;

/** Short summaries of returns for `expand.vendor_return`. */
export const returnRefs = siteRefs('vendor_returns', [
  'id',
  'return_date',
  'reason',
  'status',
  'total_return_amount',
]);
