import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { siteSetting } from '../../db/site-settings.js';
import { userNameColumn } from '../../db/name-columns.js';
import {
  anyRowWhere,
  deleteSiteRowsWhere,
  insertRows,
  siteIdsAmong,
  siteRows,
} from '../../db/site-rows.js';
import type { MaterialRequestItemsTable, MaterialRequestsTable } from '../../db/schema.js';

export type RequestRow = MaterialRequestsTable;
export type RequestLineRow = MaterialRequestItemsTable;

/** Requests with the names of who asked and who decided (subqueries keep the list's table). */
export function requestsQuery(db: Executor) {
  return db
    .selectFrom('material_requests')
    .selectAll('material_requests')
    .select([
      userNameColumn('material_requests.created_by', 'requested_by_name'),
      userNameColumn('material_requests.decided_by', 'decided_by_name'),
    ]);
}
export type RequestWithNames = RequestRow & {
  requested_by_name: string | null;
  decided_by_name: string | null;
};

export function findRequest(
  db: Executor,
  siteId: string,
  id: string,
): Promise<RequestWithNames | undefined> {
  return requestsQuery(db)
    .where('material_requests.site_id', '=', siteId)
    .where('material_requests.id', '=', id)
    .executeTakeFirst();
}

const requestRows = siteRows('material_requests');
/** The request held for a change (PostgreSQL row lock; SQLite writers are serial). */
export const lockRequest = requestRows.lock;

/**
 * Lines of the requests, in the order they were entered, with their item's name, unit and GST rate
 * (what a purchase order raised from the request starts with).
 */
export function linesOf(db: Executor, siteId: string, requestIds: readonly string[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('material_request_items as l')
    .innerJoin('items', 'items.id', 'l.item')
    .selectAll('l')
    .select(['items.name as item_name', 'items.unit as unit', 'items.gst_rate as gst_rate'])
    .where('l.site_id', '=', siteId)
    .where('l.material_request', 'in', requestIds)
    .orderBy('l.material_request')
    .orderBy('l.id')
    .execute();
}
export type RequestLineWithItem = Awaited<ReturnType<typeof linesOf>>[number];

export const insertRequest = requestRows.insert;
export const insertLines = (db: Executor, rows: RequestLineRow[]) =>
  insertRows(db, 'material_request_items', rows);
export const updateRequest = requestRows.update;
export const deleteLinesOf = (db: Executor, siteId: string, id: string) =>
  deleteSiteRowsWhere(db, 'material_request_items', siteId, 'material_request', id);
export const deleteRequest = requestRows.remove;

/** True when a purchase order names the request or one of its lines. */
export const requestIsOrdered = (db: Executor, id: string) =>
  anyRowWhere(db, 'purchase_orders', 'material_request', id);

/** The site's items among `ids` (a request may name only those). */
export const itemsOnSite = (db: Executor, siteId: string, ids: readonly string[]) =>
  siteIdsAmong(db, 'items', siteId, ids);

/**
 * Per item, what its deliveries on the site cost in all and how much came (paise, thousandths):
 * the average price a request is estimated at.
 */
export async function deliveredValue(
  db: Executor,
  siteId: string,
  itemIds: readonly string[],
): Promise<Map<string, { value: number; quantity: number }>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('delivery_items')
    .select([
      'item',
      sql<number>`coalesce(sum(total_amount), 0)`.as('value'),
      sql<number>`coalesce(sum(quantity), 0)`.as('quantity'),
    ])
    .where('site_id', '=', siteId)
    .where('item', 'in', [...new Set(itemIds)])
    .groupBy('item')
    .execute();
  return new Map(
    rows.map((r) => [r.item, { value: Number(r.value), quantity: Number(r.quantity) }]),
  );
}

/** The site's approval amount (paise), null when every request needs approval. */
export async function approvalThreshold(db: Executor, siteId: string): Promise<number | null> {
  const value = await siteSetting(db, siteId, 'approval_threshold');
  return value == null ? null : Number(value);
}
