import { COUNTED_RETURN_STATUSES } from '@siteledger/domain';
import { sql, type Transaction } from 'kysely';
import type { Database, VendorReturnItemsTable, VendorReturnsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { forUpdate } from '../../db/locking.js';
import { siteRows } from '../../db/site-rows.js';

export type ReturnRow = VendorReturnsTable;
export type ReturnItemRow = VendorReturnItemsTable;

/** Large inserts go in chunks so no statement nears a driver's parameter limit. */
const INSERT_CHUNK = 100;
const COUNTED = [...COUNTED_RETURN_STATUSES];

export function returnsQuery(db: Executor) {
  return db.selectFrom('vendor_returns').selectAll('vendor_returns');
}

const returns = siteRows('vendor_returns');
export const findReturn = returns.find;
/**
 * The return row, locked on PostgreSQL for the rest of the transaction: status changes, refunds
 * and credit-note changes of one return are serial (SQLite transactions are serial anyway).
 */
export const lockReturn = returns.lock;
export const insertReturn = returns.insert;
export const updateReturn = returns.update;
/** Deletes a return; its lines go with it (ON DELETE CASCADE). */
export const deleteReturn = returns.remove;

export async function insertReturnItems(
  db: Executor,
  rows: readonly ReturnItemRow[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('vendor_return_items')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

export const updateReturnItem = siteRows('vendor_return_items').update;

/** Lines of some returns, in the order they were entered. */
export async function itemsOf(
  db: Executor,
  siteId: string,
  returnIds: readonly string[],
): Promise<ReturnItemRow[]> {
  if (returnIds.length === 0) return [];
  return db
    .selectFrom('vendor_return_items')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('vendor_return', 'in', [...returnIds])
    .orderBy('created', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Delivery lines of the site by id (for `expand`). */
export async function deliveryItemsByIds(db: Executor, siteId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('delivery_items')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export interface LockedLine {
  id: string;
  delivery: string;
  quantity: number;
  unit_price: number;
  vendor: string;
  /** The delivery line's GST rate (hundredths) and IGST: a return reverses tax the same way. */
  gst_rate: number | null;
  igst_amount: number;
  /** 0/1: the delivery is under reverse charge (issue 40 item 10). */
  reverse_charge: number;
}

/**
 * Delivery lines of the site with their delivery's vendor. On PostgreSQL the delivery_items rows
 * are locked (only those, in id order so two returns never deadlock): a second return of the same
 * line waits here and then counts the first one's quantities.
 */
export async function lockLines(
  db: Transaction<Database>,
  siteId: string,
  ids: readonly string[],
): Promise<LockedLine[]> {
  if (ids.length === 0) return [];
  return forUpdate(
    db,
    db
      .selectFrom('delivery_items as di')
      .innerJoin('deliveries as d', 'd.id', 'di.delivery')
      .select([
        'di.id',
        'di.delivery',
        'di.quantity',
        'di.unit_price',
        'd.vendor',
        'di.gst_rate',
        'di.igst_amount',
        'd.reverse_charge',
      ])
      .where('di.site_id', '=', siteId)
      .where('di.id', 'in', [...ids])
      .orderBy('di.id'),
    'di',
  ).execute();
}

/**
 * Returned quantity (thousandths) per delivery line over returns that count (approved, completed,
 * refunded), optionally leaving one return out (the one being re-approved).
 */
export async function returnedMilli(
  db: Executor,
  siteId: string,
  lineIds: readonly string[],
  excludeReturn: string | null = null,
): Promise<Map<string, number>> {
  if (lineIds.length === 0) return new Map();
  let query = db
    .selectFrom('vendor_return_items as ri')
    .innerJoin('vendor_returns as vr', 'vr.id', 'ri.vendor_return')
    .select(['ri.delivery_item', sql<number>`sum(ri.quantity_returned)`.as('returned')])
    .where('ri.site_id', '=', siteId)
    .where('ri.delivery_item', 'in', [...lineIds])
    .where('vr.status', 'in', COUNTED)
    .groupBy('ri.delivery_item');
  if (excludeReturn) query = query.where('vr.id', '<>', excludeReturn);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.delivery_item, Number(r.returned)]));
}

/** SQL for a delivery line's counted returned quantity, for list queries over delivery_items. */
export function returnedMilliSql() {
  return sql<number>`coalesce((select sum(ri.quantity_returned) from vendor_return_items ri
    join vendor_returns vr on vr.id = ri.vendor_return
    where ri.delivery_item = delivery_items.id
      and vr.status in (${sql.join(COUNTED)})), 0)`;
}

/** A vendor's delivery lines with their counted returned quantity, only those still returnable. */
export function returnableLinesQuery(db: Executor, vendor: string) {
  return db
    .selectFrom('delivery_items')
    .innerJoin('deliveries', 'deliveries.id', 'delivery_items.delivery')
    .selectAll('delivery_items')
    .select(returnedMilliSql().as('returned_milli'))
    .where('deliveries.vendor', '=', vendor)
    .where(sql<boolean>`delivery_items.quantity > ${returnedMilliSql()}`);
}

/** Σ amount and count of one kind of money a return carries (paise). */
async function returnMoney(
  db: Executor,
  kind: { table: 'vendor_refunds' | 'vendor_credit_notes'; amount: string; link: string },
  siteId: string,
  returnId: string,
): Promise<{ total: number; n: number }> {
  const row = await db
    .selectFrom(kind.table)
    .select([
      sql<number>`coalesce(sum(${sql.ref(kind.amount)}), 0)`.as('total'),
      sql<number>`count(*)`.as('n'),
    ])
    .where('site_id', '=', siteId)
    .where(sql.ref(kind.link), '=', returnId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), n: Number(row.n) };
}

const REFUNDS = {
  table: 'vendor_refunds',
  amount: 'refund_amount',
  link: 'vendor_return',
} as const;
const CREDIT_NOTES = {
  table: 'vendor_credit_notes',
  amount: 'credit_amount',
  link: 'return_id',
} as const;

/** Σ money refunds and Σ credit notes issued for a return (paise). */
export async function refundTotals(
  db: Executor,
  siteId: string,
  returnId: string,
): Promise<{ money: number; credit: number; refunds: number; notes: number }> {
  const money = await returnMoney(db, REFUNDS, siteId, returnId);
  const credit = await returnMoney(db, CREDIT_NOTES, siteId, returnId);
  return { money: money.total, credit: credit.total, refunds: money.n, notes: credit.n };
}
