import { siteCondition } from '../../db/site-scope.js';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { forUpdate } from '../../db/locking.js';
import { insertRows, siteRowsAmong } from '../../db/site-rows.js';
import type { StockTransferLinesTable, StockTransfersTable } from '../../db/schema.js';

export type TransferRow = StockTransfersTable;
export type TransferLineRow = StockTransferLinesTable;

/** Transfers a site sent or receives, with both sites' names and who sent and received them. */
export function transfersQuery(db: Executor, siteId: string) {
  return db
    .selectFrom('stock_transfers as t')
    .innerJoin('sites as fs', 'fs.id', 't.site_id')
    .leftJoin('sites as ts', 'ts.id', 't.to_site')
    .leftJoin('users as cu', 'cu.id', 't.created_by')
    .leftJoin('users as ru', 'ru.id', 't.received_by')
    .selectAll('t')
    .select([
      'fs.name as site_name',
      'ts.name as to_site_name',
      'cu.name as created_by_name',
      'ru.name as received_by_name',
    ])
    .where((eb) => eb.or([eb('t.site_id', '=', siteId), eb('t.to_site', '=', siteId)]));
}
export type TransferWithNames = TransferRow & {
  site_name: string;
  to_site_name: string | null;
  created_by_name: string | null;
  received_by_name: string | null;
};

export function findTransfer(db: Executor, siteId: string, id: string) {
  return transfersQuery(db, siteId).where('t.id', '=', id).executeTakeFirst() as Promise<
    TransferWithNames | undefined
  >;
}

/** The transfer held for a change, seen from either of its sites. */
export function lockTransfer(db: Executor, siteId: string, id: string) {
  return forUpdate(
    db,
    db
      .selectFrom('stock_transfers')
      .selectAll()
      .where('id', '=', id)
      .where((eb) => eb.or([eb('site_id', '=', siteId), eb('to_site', '=', siteId)])),
  ).executeTakeFirst();
}

/** Lines of some transfers in the order entered, with the sending item's name and unit. */
export function linesOf(db: Executor, transferIds: readonly string[]) {
  if (transferIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('stock_transfer_lines as l')
    .innerJoin('items', 'items.id', 'l.item')
    .selectAll('l')
    .select(['items.name as item_name', 'items.unit as unit'])
    .where('l.stock_transfer', 'in', [...transferIds])
    .orderBy('l.stock_transfer')
    .orderBy('l.id')
    .execute();
}
export type TransferLineWithItem = Awaited<ReturnType<typeof linesOf>>[number];

export const insertTransfer = (db: Executor, row: TransferRow) =>
  insertRows(db, 'stock_transfers', [row]);
export const insertLines = (db: Executor, rows: readonly TransferLineRow[]) =>
  insertRows(db, 'stock_transfer_lines', rows);

export async function updateTransfer(db: Executor, id: string, changes: Partial<TransferRow>) {
  await db.updateTable('stock_transfers').set(changes).where('id', '=', id).execute();
}

export async function updateLine(db: Executor, id: string, changes: Partial<TransferLineRow>) {
  await db.updateTable('stock_transfer_lines').set(changes).where('id', '=', id).execute();
}

export async function deleteTransfer(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('stock_transfer_lines').where('stock_transfer', '=', id).execute();
  await db.deleteFrom('stock_transfers').where('id', '=', id).execute();
}

/** The receiving site's items by lower-cased name and unit, for lines that name none. */
export async function itemsByNameAndUnit(db: Executor, siteId: string) {
  const rows = await db
    .selectFrom('items')
    .select(['id', 'name', 'unit'])
    .where(siteCondition('items', 'items.site_id', siteId))
    .execute();
  const out = new Map<string, string>();
  for (const r of rows) {
    const key = `${r.name.trim().toLowerCase()}\n${r.unit}`;
    if (!out.has(key)) out.set(key, r.id);
  }
  return out;
}

/** Sending items' fields a missing item is created from on the receiving site. */
export function sourceItems(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('items')
    .select(['id', 'name', 'unit', 'description', 'hsn_code', 'gst_rate'])
    .where('id', 'in', [...ids])
    .execute();
}

export async function itemsOnSite(db: Executor, siteId: string, ids: readonly string[]) {
  const rows = await siteRowsAmong(db, 'items', siteId, ids, ['id', 'unit']);
  return new Map(rows.map((r) => [r.id, { unit: r.unit }]));
}

export async function countTransfers(
  db: Executor,
  siteId: string,
  filter: (q: ReturnType<typeof transfersQuery>) => ReturnType<typeof transfersQuery>,
): Promise<number> {
  const row = await filter(transfersQuery(db, siteId))
    .clearSelect()
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number((row as { n?: number } | undefined)?.n ?? 0);
}
