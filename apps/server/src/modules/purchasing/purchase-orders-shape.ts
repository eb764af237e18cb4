import { fromMilli, pendingQuantity, type PurchaseOrder, type RefVendor } from '@siteledger/domain';
import type { Executor } from '../../db/executor.js';
import { vendorRefs } from '../../db/site-refs.js';
import { advancesOf } from './po-advances-repo.js';
import { groupBy } from '../../platform/group-rows.js';
import * as repo from './purchase-orders-repo.js';
import { apiFields, rupees } from '../../platform/record-shape.js';

/** Orders as reads return them: lines (one query for the page), `expand.vendor` when asked. */
export async function shapeOrders(
  db: Executor,
  siteId: string,
  rows: repo.OrderRow[],
  expand: Set<string> = new Set(),
): Promise<PurchaseOrder[]> {
  const [lines, vendors, advances] = await Promise.all([
    repo.linesOf(
      db,
      siteId,
      rows.map((r) => r.id),
    ),
    expand.has('vendor')
      ? vendorRefs(db, siteId, [...new Set(rows.map((r) => r.vendor))])
      : Promise.resolve([] as RefVendor[]),
    advancesOf(
      db,
      siteId,
      rows.map((r) => r.id),
    ),
  ]);
  const advance = new Map<string, { amount: number; unapplied: number }>();
  for (const a of advances) {
    const sum = advance.get(a.purchase_order) ?? { amount: 0, unapplied: 0 };
    sum.amount += Number(a.amount);
    sum.unapplied += Number(a.unapplied);
    advance.set(a.purchase_order, sum);
  }
  const vendorById = new Map(vendors.map((v) => [v.id, v]));
  const byOrder = groupBy(lines, (line) => line.purchase_order);
  return rows.map((row) => {
    const vendor = vendorById.get(row.vendor);
    return {
      id: row.id,
      site: row.site_id,
      number: row.number,
      status: row.status,
      vendor: row.vendor,
      material_request: row.material_request,
      quotation: row.quotation,
      order_date: row.order_date,
      expected_date: row.expected_date,
      terms: row.terms,
      notes: row.notes,
      ...apiFields('purchase_orders', row, [
        'items_total',
        'cgst_amount',
        'sgst_amount',
        'igst_amount',
        'tax_amount',
        'total_amount',
      ]),
      issued_at: row.issued_at,
      issued_by: row.issued_by,
      closed_at: row.closed_at,
      cancelled_at: row.cancelled_at,
      created_by: row.created_by,
      ...rupees({
        advance_amount: advance.get(row.id)?.amount ?? 0,
        advance_unapplied: advance.get(row.id)?.unapplied ?? 0,
      }),
      lines: (byOrder.get(row.id) ?? []).map((line) => {
        const quantity = Number(line.quantity);
        const received = Number(line.received_quantity);
        return {
          id: line.id,
          item: line.item,
          item_name: line.item_name,
          unit: line.unit,
          hsn_code: line.hsn_code,
          ...apiFields('purchase_order_lines', line, [
            'quantity',
            'unit_price',
            'gst_rate',
            'total_amount',
            'cgst_amount',
            'sgst_amount',
            'igst_amount',
            'received_quantity',
          ]),
          pending_quantity: fromMilli(pendingQuantity({ quantity, received_quantity: received })),
          material_request_item: line.material_request_item,
          budget_line: line.budget_line,
        };
      }),
      created: row.created,
      updated: row.updated,
      ...(vendor ? { expand: { vendor } } : {}),
    };
  });
}
