import type { VendorRefundsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { siteRows } from '../../db/site-rows.js';

export type RefundRow = VendorRefundsTable;

export function refundsQuery(db: Executor) {
  return db.selectFrom('vendor_refunds').selectAll('vendor_refunds');
}

const refunds = siteRows('vendor_refunds');
export const findRefund = refunds.find;
export const insertRefund = refunds.insert;

/** Short summaries of returns for `expand.vendor_return`. */
export async function returnRefs(db: Executor, siteId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('vendor_returns')
    .select(['id', 'return_date', 'reason', 'status', 'total_return_amount'])
    .where('site_id', '=', siteId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}
