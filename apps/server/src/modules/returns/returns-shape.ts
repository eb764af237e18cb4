import { type DeliveryItem, type VendorReturn, type VendorReturnItem } from '@siteledger/domain';
import { parseFileList } from '../../platform/files.js';
import { shapeLines } from '../deliveries/deliveries-shape.js';
import type { Executor } from '../../db/executor.js';
import { vendorRefs } from '../../db/site-refs.js';
import { recordedTaxOf } from '../../platform/recorded-tax.js';
import * as repo from './returns-repo.js';
import { apiFields } from '../../platform/record-shape.js';
import { refsIf } from '../../platform/expand-refs.js';

function toReturnItem(row: repo.ReturnItemRow, line: DeliveryItem | undefined): VendorReturnItem {
  return {
    id: row.id,
    site: row.site_id,
    vendor_return: row.vendor_return,
    delivery_item: row.delivery_item,
    ...apiFields('vendor_return_items', row, [
      'quantity_returned',
      'return_rate',
      'return_amount',
      'cgst_amount',
      'sgst_amount',
      'igst_amount',
    ]),
    condition: row.condition,
    item_notes: row.item_notes,
    created: row.created,
    updated: row.updated,
    ...(line ? { expand: { delivery_item: line } } : {}),
  };
}

/**
 * Shapes returns with their lines (one query for all of them). `expand` may name vendor and
 * items.delivery_item (the delivery line with its item and delivery inlined): one query each.
 */
export async function shapeReturns(
  db: Executor,
  siteId: string,
  rows: repo.ReturnRow[],
  expand: Set<string>,
): Promise<VendorReturn[]> {
  const itemRows = await repo.itemsOf(
    db,
    siteId,
    rows.map((r) => r.id),
  );
  let lines = new Map<string, DeliveryItem>();
  if (expand.has('items.delivery_item') || expand.has('items.delivery_item.item')) {
    const lineRows = await repo.deliveryItemsByIds(
      db,
      siteId,
      itemRows.map((r) => r.delivery_item),
    );
    const shaped = await shapeLines(db, siteId, lineRows, { item: true, delivery: true });
    lines = new Map(shaped.map((l) => [l.id, l]));
  }
  const vendors = await refsIf(expand.has('vendor'), () =>
    vendorRefs(
      db,
      siteId,
      rows.map((r) => r.vendor),
    ),
  );
  const itemsByReturn = new Map<string, VendorReturnItem[]>();
  for (const item of itemRows) {
    const list = itemsByReturn.get(item.vendor_return) ?? [];
    list.push(toReturnItem(item, lines.get(item.delivery_item)));
    itemsByReturn.set(item.vendor_return, list);
  }
  return rows.map((row) => {
    const vendor = vendors?.get(row.vendor);
    return {
      id: row.id,
      site: row.site_id,
      vendor: row.vendor,
      return_date: row.return_date,
      reason: row.reason,
      status: row.status,
      notes: row.notes,
      photos: parseFileList(row.photos),
      approval_notes: row.approval_notes,
      approved_by: row.approved_by,
      approved_at: row.approved_at,
      ...apiFields('vendor_returns', row, [
        'total_return_amount',
        'cgst_amount',
        'sgst_amount',
        'igst_amount',
      ]),
      ...recordedTaxOf(row),
      ...apiFields('vendor_returns', row, ['actual_refund_amount']),
      refund_type: row.refund_type,
      completion_date: row.completion_date,
      supplier_credit_note_number: row.supplier_credit_note_number,
      supplier_credit_note_date: row.supplier_credit_note_date,
      items: itemsByReturn.get(row.id) ?? [],
      created: row.created,
      updated: row.updated,
      ...(vendor ? { expand: { vendor } } : {}),
    };
  });
}
