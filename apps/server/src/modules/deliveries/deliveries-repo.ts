import { sql, type Transaction } from 'kysely';
import type { Database, DeliveriesTable, DeliveryItemsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { forUpdate } from '../../db/locking.js';

export type DeliveryRow = DeliveriesTable;
export type DeliveryItemRow = DeliveryItemsTable;

/** Large inserts go in chunks so no statement nears a driver's parameter limit. */
const INSERT_CHUNK = 100;

export function deliveriesQuery(db: Executor) {
  return db.selectFrom('deliveries').selectAll('deliveries');
}

export function findDelivery(db: Executor, siteId: string, id: string) {
  return deliveriesQuery(db)
    .where('deliveries.site_id', '=', siteId)
    .where('deliveries.id', '=', id)
    .executeTakeFirst();
}

/**
 * The delivery row, locked for the rest of the transaction on PostgreSQL so that totals and
 * paid_amount are read and written by one writer at a time (SQLite transactions are serial).
 */
export function lockDelivery(db: Transaction<Database>, siteId: string, id: string) {
  return forUpdate(
    db,
    deliveriesQuery(db).where('deliveries.site_id', '=', siteId).where('deliveries.id', '=', id),
  ).executeTakeFirst();
}

export async function insertDelivery(db: Executor, row: DeliveryRow): Promise<void> {
  await db.insertInto('deliveries').values(row).execute();
}

export async function updateDelivery(
  db: Executor,
  siteId: string,
  id: string,
  changes: Partial<DeliveryRow>,
): Promise<void> {
  await db
    .updateTable('deliveries')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}

export async function deleteDelivery(db: Executor, siteId: string, id: string): Promise<number> {
  const result = await db
    .deleteFrom('deliveries')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function deliveryItemsQuery(db: Executor) {
  return db.selectFrom('delivery_items').selectAll('delivery_items');
}

export function findDeliveryItem(db: Executor, siteId: string, id: string) {
  return deliveryItemsQuery(db)
    .where('delivery_items.site_id', '=', siteId)
    .where('delivery_items.id', '=', id)
    .executeTakeFirst();
}

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

export async function insertDeliveryItems(
  db: Executor,
  rows: readonly DeliveryItemRow[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('delivery_items')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

export async function updateDeliveryItem(
  db: Executor,
  siteId: string,
  id: string,
  changes: Partial<DeliveryItemRow>,
): Promise<void> {
  await db
    .updateTable('delivery_items')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}

export async function deleteDeliveryItem(db: Executor, siteId: string, id: string): Promise<void> {
  await db
    .deleteFrom('delivery_items')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}

export async function deleteLinesOf(db: Executor, siteId: string, deliveryId: string) {
  await db
    .deleteFrom('delivery_items')
    .where('site_id', '=', siteId)
    .where('delivery', '=', deliveryId)
    .execute();
}

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
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('items')
    .select(['id', 'gst_rate'])
    .where('site_id', '=', siteId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.gst_rate === null ? null : Number(r.gst_rate)]));
}

/** True when a payment allocation or a return line refers to the delivery. */
export async function deliveryIsReferenced(db: Executor, deliveryId: string): Promise<boolean> {
  const allocation = await db
    .selectFrom('payment_allocations')
    .select('id')
    .where('delivery', '=', deliveryId)
    .limit(1)
    .executeTakeFirst();
  if (allocation) return true;
  const returned = await db
    .selectFrom('vendor_return_items as ri')
    .innerJoin('delivery_items as di', 'di.id', 'ri.delivery_item')
    .select('ri.id')
    .where('di.delivery', '=', deliveryId)
    .limit(1)
    .executeTakeFirst();
  return returned !== undefined;
}

export async function deliveryHasAllocations(db: Executor, deliveryId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_allocations')
    .select('id')
    .where('delivery', '=', deliveryId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function lineIsReturned(db: Executor, lineId: string): Promise<boolean> {
  const row = await db
    .selectFrom('vendor_return_items')
    .select('id')
    .where('delivery_item', '=', lineId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

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
export async function existingItemIds(
  db: Executor,
  siteId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('items')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Summaries for line `expand.item`: one query for a whole page. */
export async function itemRefs(db: Executor, siteId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('items')
    .select(['id', 'name', 'unit'])
    .where('site_id', '=', siteId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Summaries for line `expand.delivery`. */
export async function deliveryRefs(db: Executor, siteId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('deliveries')
    .select(['id', 'vendor', 'delivery_date', 'delivery_reference'])
    .where('site_id', '=', siteId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

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
