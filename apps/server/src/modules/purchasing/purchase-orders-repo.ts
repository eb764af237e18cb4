import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { siteSetting } from '../../db/site-settings.js';
import { insertRows, lockSiteRowsAmong, siteRows, siteRowsAmong } from '../../db/site-rows.js';
import type { PurchaseOrderLinesTable, PurchaseOrdersTable } from '../../db/schema.js';

export type OrderRow = PurchaseOrdersTable;
export type OrderLineRow = PurchaseOrderLinesTable;

export function ordersQuery(db: Executor) {
  return db.selectFrom('purchase_orders').selectAll('purchase_orders');
}

const orderRows = siteRows('purchase_orders');
export const findOrder = orderRows.find;

/** The orders held for a change, in id order (the fixed lock order between orders). */
export function lockOrders(db: Executor, siteId: string, ids: readonly string[]) {
  return lockSiteRowsAmong(db, 'purchase_orders', siteId, ids);
}

export function linesOf(db: Executor, siteId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('purchase_order_lines as l')
    .innerJoin('items', 'items.id', 'l.item')
    .selectAll('l')
    .select(['items.name as item_name', 'items.unit as unit', 'items.hsn_code as hsn_code'])
    .where('l.site_id', '=', siteId)
    .where('l.purchase_order', 'in', [...new Set(orderIds)])
    .orderBy('l.purchase_order')
    .orderBy('l.id')
    .execute();
}
export type OrderLineWithItem = Awaited<ReturnType<typeof linesOf>>[number];

export { linesWithOrder } from '../../db/receipt-links.js';

export const insertOrder = orderRows.insert;
export const insertLines = (db: Executor, rows: OrderLineRow[]) =>
  insertRows(db, 'purchase_order_lines', rows);
export const updateOrder = orderRows.update;

export async function updateLine(
  db: Executor,
  id: string,
  changes: Partial<OrderLineRow>,
): Promise<void> {
  await db.updateTable('purchase_order_lines').set(changes).where('id', '=', id).execute();
}

export async function deleteLines(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('purchase_order_lines')
    .where('id', 'in', [...ids])
    .execute();
}

export async function deleteOrder(db: Executor, siteId: string, id: string): Promise<void> {
  await db.deleteFrom('purchase_order_lines').where('purchase_order', '=', id).execute();
  await orderRows.remove(db, siteId, id);
}

/** The next number of the site's financial year: one statement, so two issues never share one. */
export async function nextNumber(
  db: Executor,
  siteId: string,
  financialYear: string,
): Promise<number> {
  const row = await db
    .insertInto('purchase_order_counters')
    .values({ site_id: siteId, financial_year: financialYear, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(['site_id', 'financial_year'])
        .doUpdateSet({ last_number: sql<number>`purchase_order_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** Σ quantities of the delivery lines received against each PO line (0 for none). */
export async function receivedBy(
  db: Executor,
  lineIds: readonly string[],
): Promise<Map<string, number>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('delivery_items')
    .select(['purchase_order_line', sql<number>`coalesce(sum(quantity), 0)`.as('quantity')])
    .where('purchase_order_line', 'in', [...new Set(lineIds)])
    .groupBy('purchase_order_line')
    .execute();
  return new Map(rows.map((r) => [r.purchase_order_line!, Number(r.quantity)]));
}

export async function overReceiptTolerance(db: Executor, siteId: string): Promise<number> {
  return Number((await siteSetting(db, siteId, 'po_over_receipt_percent')) ?? 0);
}

export const findQuotationVendor = async (db: Executor, siteId: string, id: string) =>
  (await siteRowsAmong(db, 'quotations', siteId, [id], ['id', 'vendor']))[0];

/** Lines of a request (to check that a PO line names one of them, with the same item). */
export function requestLines(db: Executor, siteId: string, requestId: string) {
  return db
    .selectFrom('material_request_items')
    .select(['id', 'item'])
    .where('site_id', '=', siteId)
    .where('material_request', '=', requestId)
    .execute();
}
