import { sql } from 'kysely';
import type { DeliveriesTable, DeliveryItemsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import {
  anyRowWhere,
  deleteSiteRowsWhere,
  insertRows,
  siteIdsAmong,
  siteRows,
  siteRowsAmong,
} from '../../db/site-rows.js';

export type DeliveryRow = DeliveriesTable;
export type DeliveryItemRow = DeliveryItemsTable;

/** Large inserts go in chunks so no statement nears a driver's parameter limit. */
const INSERT_CHUNK = 100;

export function deliveriesQuery(db: Executor) {
  return db.selectFrom('deliveries').selectAll('deliveries');
}

const deliveryRows = siteRows('deliveries');
export const findDelivery = deliveryRows.find;
/**
 * The delivery row, locked for the rest of the transaction on PostgreSQL so that totals and
 * paid_amount are read and written by one writer at a time (SQLite transactions are serial).
 */
export const lockDelivery = deliveryRows.lock;
export const insertDelivery = deliveryRows.insert;
export const updateDelivery = deliveryRows.update;
export const deleteDelivery = deliveryRows.remove;

export function deliveryItemsQuery(db: Executor) {
  return db.selectFrom('delivery_items').selectAll('delivery_items');
}

const lineRows = siteRows('delivery_items');
export const findDeliveryItem = lineRows.find;

/** Lines of some deliveries, in the order they were entered. */
export async function linesOf(
  db: Executor,
  siteId: string,
  deliveryIds: readonly string[],
): Promise<DeliveryItemRow[]> {
  if (deliveryIds.length === 0) return [];
  return deliveryItemsQuery(db)
    .where('site_id', '=', siteId)
    .where('delivery', 'in', [...deliveryIds])
    .orderBy('created', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export const insertDeliveryItems = (db: Executor, rows: readonly DeliveryItemRow[]) =>
  insertRows(db, 'delivery_items', rows, INSERT_CHUNK);
export const updateDeliveryItem = lineRows.update;
export const deleteDeliveryItem = lineRows.remove;
export const deleteLinesOf = (db: Executor, siteId: string, deliveryId: string) =>
  deleteSiteRowsWhere(db, 'delivery_items', siteId, 'delivery', deliveryId);

/** Number of lines and the sum of their totals (paise) for one delivery. */
export async function lineFigures(
  db: Executor,
  siteId: string,
  deliveryId: string,
): Promise<LineFigures> {
  const row = await db
    .selectFrom('delivery_items')
    .select([
      sql<number>`count(*)`.as('count'),
      sql<number>`coalesce(sum(total_amount), 0)`.as('total'),
      sql<number>`count(gst_rate)`.as('rated'),
      sql<number>`coalesce(sum(cgst_amount), 0)`.as('cgst'),
      sql<number>`coalesce(sum(sgst_amount), 0)`.as('sgst'),
      sql<number>`coalesce(sum(igst_amount), 0)`.as('igst'),
    ])
    .where('site_id', '=', siteId)
    .where('delivery', '=', deliveryId)
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    total: Number(row.total),
    rated: Number(row.rated),
    cgst: Number(row.cgst),
    sgst: Number(row.sgst),
    igst: Number(row.igst),
  };
}

/** A delivery's lines: how many, their taxable total, how many carry a GST rate, Σ each head. */
export interface LineFigures {
  count: number;
  total: number;
  rated: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** The items' default GST rates (stored hundredths); an id missing from the map is unknown. */
export async function itemRates(
  db: Executor,
  siteId: string,
  ids: readonly string[],
): Promise<Map<string, number | null>> {
  const rows = await siteRowsAmong(db, 'items', siteId, ids, ['id', 'gst_rate']);
  return new Map(rows.map((r) => [r.id, r.gst_rate === null ? null : Number(r.gst_rate)]));
}

/** True when a payment allocation or a return line refers to the delivery. */
export async function deliveryIsReferenced(db: Executor, deliveryId: string): Promise<boolean> {
  if (await deliveryHasAllocations(db, deliveryId)) return true;
  const returned = await db
    .selectFrom('vendor_return_items as ri')
    .innerJoin('delivery_items as di', 'di.id', 'ri.delivery_item')
    .select('ri.id')
    .where('di.delivery', '=', deliveryId)
    .limit(1)
    .executeTakeFirst();
  return returned !== undefined;
}

export const deliveryHasAllocations = (db: Executor, deliveryId: string) =>
  anyRowWhere(db, 'payment_allocations', 'delivery', deliveryId);

export const lineIsReturned = (db: Executor, lineId: string) =>
  anyRowWhere(db, 'vendor_return_items', 'delivery_item', lineId);

/** Quantity (thousandths) already returned from a line by returns that count (spec part 4). */
export async function returnedQuantity(db: Executor, lineId: string): Promise<number> {
  const row = await db
    .selectFrom('vendor_return_items as ri')
    .innerJoin('vendor_returns as vr', 'vr.id', 'ri.vendor_return')
    .select(sql<number>`coalesce(sum(ri.quantity_returned), 0)`.as('milli'))
    .where('ri.delivery_item', '=', lineId)
    .where('vr.status', 'in', ['approved', 'completed', 'refunded'])
    .executeTakeFirstOrThrow();
  return Number(row.milli);
}

/** Which of `ids` are items of the site. */
export const existingItemIds = (db: Executor, siteId: string, ids: readonly string[]) =>
  siteIdsAmong(db, 'items', siteId, ids);

/** Summaries for line `expand.item`: one query for a whole page. */
export const itemRefs = (db: Executor, siteId: string, ids: readonly string[]) =>
  siteRowsAmong(db, 'items', siteId, ids, ['id', 'name', 'unit']);

/** Summaries for line `expand.delivery`. */
export const deliveryRefs = (db: Executor, siteId: string, ids: readonly string[]) =>
  siteRowsAmong(db, 'deliveries', siteId, ids, [
    'id',
    'vendor',
    'delivery_date',
    'delivery_reference',
  ]);

/** The caller's active role on an active site, or null (the batch checks each site it names). */
export async function memberRole(
  db: Executor,
  siteId: string,
  userId: string,
): Promise<{ role: string; twoStepMissing: boolean } | null> {
  const row = await db
    .selectFrom('site_users')
    .innerJoin('sites', 'sites.id', 'site_users.site_id')
    .innerJoin('users', 'users.id', 'site_users.user_id')
    .select(['site_users.role', 'sites.require_two_step', 'users.totp_secret'])
    .where('site_users.site_id', '=', siteId)
    .where('site_users.user_id', '=', userId)
    .where('site_users.is_active', '=', 1)
    .where('sites.is_active', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  // The site requires two-step sign-in and this member has not switched it on (issue 19).
  return { role: row.role, twoStepMissing: row.require_two_step === 1 && row.totp_secret === null };
}

/** The PO lines that delivery lines among `deliveryLineIds` are received against. */
/** The items a delivery's lines are of (before an edit or a delete: whose budgets re-sum). */
export async function itemsOfDelivery(db: Executor, delivery: string): Promise<string[]> {
  const rows = await db
    .selectFrom('delivery_items')
    .select('item')
    .distinct()
    .where('delivery', '=', delivery)
    .execute();
  return rows.map((r) => r.item);
}

export async function orderLinesOfDeliveryLines(
  db: Executor,
  where: { delivery: string } | { ids: readonly string[] },
): Promise<string[]> {
  let query = db
    .selectFrom('delivery_items')
    .select('purchase_order_line')
    .where('purchase_order_line', 'is not', null);
  query =
    'delivery' in where
      ? query.where('delivery', '=', where.delivery)
      : where.ids.length > 0
        ? query.where('id', 'in', [...where.ids])
        : query.where(sql<boolean>`1 = 0`);
  const rows = await query.execute();
  return [...new Set(rows.map((r) => r.purchase_order_line!))];
}
