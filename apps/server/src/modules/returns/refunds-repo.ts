import type { VendorRefundsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';

export type RefundRow = VendorRefundsTable;

export function refundsQuery(db: Executor) {
  return db.selectFrom('vendor_refunds').selectAll('vendor_refunds');
}

export function findRefund(db: Executor, siteId: string, id: string) {
  return refundsQuery(db)
    .where('vendor_refunds.site_id', '=', siteId)
    .where('vendor_refunds.id', '=', id)
    .executeTakeFirst();
}

export async function insertRefund(db: Executor, row: RefundRow): Promise<void> {
  await db.insertInto('vendor_refunds').values(row).execute();
}

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
