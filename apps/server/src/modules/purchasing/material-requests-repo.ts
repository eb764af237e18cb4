import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { forUpdate } from '../../db/locking.js';
import type { MaterialRequestItemsTable, MaterialRequestsTable } from '../../db/schema.js';

export type RequestRow = MaterialRequestsTable;
export type RequestLineRow = MaterialRequestItemsTable;

/** Requests with the names of who asked and who decided (subqueries keep the list's table). */
export function requestsQuery(db: Executor) {
  return db
    .selectFrom('material_requests')
    .selectAll('material_requests')
    .select((eb) => [
      eb
        .selectFrom('users')
        .select('users.name')
        .whereRef('users.id', '=', 'material_requests.created_by')
        .as('requested_by_name'),
      eb
        .selectFrom('users')
        .select('users.name')
        .whereRef('users.id', '=', 'material_requests.decided_by')
        .as('decided_by_name'),
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

/** The request held for a change (PostgreSQL row lock; SQLite writers are serial). */
export function lockRequest(db: Executor, siteId: string, id: string) {
  return forUpdate(
    db,
    db
      .selectFrom('material_requests')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('id', '=', id),
  ).executeTakeFirst();
}

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

export async function insertRequest(db: Executor, row: RequestRow): Promise<void> {
  await db.insertInto('material_requests').values(row).execute();
}

export async function insertLines(db: Executor, rows: RequestLineRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('material_request_items').values(rows).execute();
}

export async function updateRequest(
  db: Executor,
  siteId: string,
  id: string,
  changes: Partial<RequestRow>,
): Promise<void> {
  await db
    .updateTable('material_requests')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}

export async function deleteLinesOf(db: Executor, siteId: string, id: string): Promise<void> {
  await db
    .deleteFrom('material_request_items')
    .where('site_id', '=', siteId)
    .where('material_request', '=', id)
    .execute();
}

export async function deleteRequest(db: Executor, siteId: string, id: string): Promise<void> {
  await db
    .deleteFrom('material_requests')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}

/** True when a purchase order names the request or one of its lines. */
export async function requestIsOrdered(db: Executor, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('purchase_orders')
    .select('id')
    .where('material_request', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** The site's items among `ids` (a request may name only those). */
export async function itemsOnSite(
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
  const row = await db
    .selectFrom('sites')
    .select('approval_threshold')
    .where('id', '=', siteId)
    .executeTakeFirst();
  return row?.approval_threshold == null ? null : Number(row.approval_threshold);
}
