import { type VendorRefund, type VendorRefundListQuery } from '@siteledger/domain';
import { apiFields } from '../../platform/record-shape.js';
import { refsIf } from '../../platform/expand-refs.js';
import type { AppContext } from '../../platform/context.js';
import { type ListSpec, type Page } from '../../platform/list.js';
import { listShaped, shapeOne } from '../../platform/list-shaped.js';
import { accountRefs, vendorRefs } from '../../db/site-refs.js';
import * as repo from './refunds-repo.js';
import type { SiteScope } from '../../platform/scope.js';

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
  ctx: AppContext,
  siteId: string,
  rows: repo.RefundRow[],
  expand: Set<string>,
): Promise<VendorRefund[]> {
  const db = ctx.db.kysely;
  const vendors = await refsIf(expand.has('vendor'), () =>
    vendorRefs(
      db,
      siteId,
      rows.map((r) => r.vendor),
    ),
  );
  const accounts = await refsIf(expand.has('account'), () =>
    accountRefs(
      db,
      siteId,
      rows.map((r) => r.account),
    ),
  );
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

const LIST: ListSpec = {
  table: 'vendor_refunds',
  sortable: ['refund_date', 'refund_amount', 'created'],
  defaultSort: '-refund_date',
  filters: ['vendor', 'vendor_return', 'account', 'refund_method'],
  search: ['reference', 'notes'],
  dateColumn: 'refund_date',
};

export async function listRefunds(
  scope: SiteScope,
  query: VendorRefundListQuery,
): Promise<Page<VendorRefund>> {
  const { ctx, siteId } = scope;
  return listShaped(scope, repo.refundsQuery(ctx.db.kysely), LIST, query, (rows, expand) =>
    shape(ctx, siteId, rows, expand),
  );
}

export async function getRefund(
  scope: SiteScope,
  id: string,
  expand: Set<string> = new Set(),
): Promise<VendorRefund> {
  const { ctx, siteId } = scope;
  const row = await repo.findRefund(ctx.db.kysely, siteId, id);
  return shapeOne(row, 'Refund', (rows, ex) => shape(ctx, siteId, rows, ex), expand);
}
