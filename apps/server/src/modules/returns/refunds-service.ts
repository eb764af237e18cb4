import { type VendorRefund } from '@siteledger/domain';
import { apiFields } from '../../platform/record-shape.js';
import { refsIf } from '../../platform/expand-refs.js';
import type { Executor } from '../../db/executor.js';
import { recordGetter, recordLister } from '../../platform/list-shaped.js';
import { vendorAndAccountRefs } from '../../db/site-refs.js';
import * as repo from './refunds-repo.js';

function toRefund(row: repo.RefundRow): VendorRefund {
  return {
    id: row.id,
    site: row.site_id,
    vendor_return: row.vendor_return,
    vendor: row.vendor,
    account: row.account,
    ...apiFields('vendor_refunds', row, ['refund_amount']),
    refund_date: row.refund_date,
    refund_method: row.refund_method,
    reference: row.reference,
    notes: row.notes,
    processed_by: row.processed_by,
    created: row.created,
    updated: row.updated,
  };
}

/** Refund rows with `expand` of vendor, account and vendor_return: one query per relation. */
async function shape(
  db: Executor,
  siteId: string,
  rows: repo.RefundRow[],
  expand: Set<string>,
): Promise<VendorRefund[]> {
  const { vendors, accounts } = await vendorAndAccountRefs(db, siteId, rows, expand);
  const returns = await refsIf(expand.has('vendor_return'), async () =>
    (
      await repo.returnRefs(
        db,
        siteId,
        rows.map((r) => r.vendor_return),
      )
    ).map((r) => ({
      ...r,
      ...apiFields('vendor_returns', r, ['total_return_amount']),
    })),
  );
  return rows.map((row) => {
    const refund = toRefund(row);
    if (!vendors && !accounts && !returns) return refund;
    const vendor = vendors?.get(row.vendor);
    const account = row.account ? accounts?.get(row.account) : undefined;
    const vendorReturn = returns?.get(row.vendor_return);
    return {
      ...refund,
      expand: {
        ...(vendor ? { vendor } : {}),
        ...(account ? { account } : {}),
        ...(vendorReturn ? { vendor_return: vendorReturn } : {}),
      },
    };
  });
}

export const listRefunds = recordLister('vendor_refunds', repo.refundsQuery, shape);

export const getRefund = recordGetter('Refund', repo.findRefund, shape);
