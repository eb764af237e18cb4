import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { insertRows, lockSiteRowsAmong, siteRows } from '../../db/site-rows.js';
import type {
  RaBillLinesTable,
  RaBillsTable,
  WorkOrderLinesTable,
  WorkOrdersTable,
  WorkOrderVariationsTable,
} from '../../db/schema.js';

export type OrderRow = WorkOrdersTable;
export type OrderLineRow = WorkOrderLinesTable;
export type VariationRow = WorkOrderVariationsTable;
export type BillRow = RaBillsTable;
export type BillLineRow = RaBillLinesTable;

const orderRows = siteRows('work_orders');
export const findOrder = orderRows.find;
export const insertOrder = orderRows.insert;
export const updateOrder = orderRows.update;

export function ordersQuery(db: Executor) {
  return db.selectFrom('work_orders').selectAll('work_orders');
}

/** The order held for a change (PostgreSQL row lock; SQLite writers are serial). */
export async function lockOrder(db: Executor, siteId: string, id: string) {
  return (await lockSiteRowsAmong(db, 'work_orders', siteId, [id]))[0];
}

export function linesOf(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([] as OrderLineRow[]);
  return db
    .selectFrom('work_order_lines')
    .selectAll()
    .where('work_order', 'in', [...new Set(orderIds)])
    .orderBy('work_order')
    .orderBy('position')
    .execute();
}

export function variationsOf(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([] as VariationRow[]);
  return db
    .selectFrom('work_order_variations')
    .selectAll()
    .where('work_order', 'in', [...new Set(orderIds)])
    .orderBy('created')
    .orderBy('id')
    .execute();
}

export const insertLines = (db: Executor, rows: OrderLineRow[]) =>
  insertRows(db, 'work_order_lines', rows);

export async function deleteLinesOf(db: Executor, orderId: string) {
  await db.deleteFrom('work_order_lines').where('work_order', '=', orderId).execute();
}

export async function deleteOrder(db: Executor, siteId: string, id: string) {
  await db.deleteFrom('work_order_variations').where('work_order', '=', id).execute();
  await deleteLinesOf(db, id);
  await orderRows.remove(db, siteId, id);
}

export async function setLineQuantity(
  db: Executor,
  id: string,
  quantity: number,
  amount: number,
  now: string,
) {
  await db
    .updateTable('work_order_lines')
    .set({ quantity, amount, updated: now })
    .where('id', '=', id)
    .execute();
}

export async function setBilled(db: Executor, id: string, billed: number, now: string) {
  await db
    .updateTable('work_order_lines')
    .set({ billed_quantity: billed, updated: now })
    .where('id', '=', id)
    .execute();
}

export async function insertVariation(db: Executor, row: VariationRow) {
  await db.insertInto('work_order_variations').values(row).execute();
}

/** The next WO number of the site's financial year, from its counter (never given twice). */
export async function nextNumber(db: Executor, siteId: string, year: string): Promise<number> {
  const row = await db
    .insertInto('work_order_counters')
    .values({ site_id: siteId, financial_year: year, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(['site_id', 'financial_year'])
        .doUpdateSet({ last_number: sql<number>`work_order_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** Per work order: the advance payments (amount, TDS) and the bills' figures (paise). */
export interface OrderMoney {
  advance_paid: number;
  advance_tds: number;
  billed_amount: number;
  advance_recovered: number;
  retention_held: number;
  retention_released: number;
  bills: number;
}

export async function moneyOf(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, OrderMoney>> {
  const out = new Map<string, OrderMoney>();
  if (orderIds.length === 0) return out;
  const ids = [...new Set(orderIds)];
  for (const id of ids) {
    out.set(id, {
      advance_paid: 0,
      advance_tds: 0,
      billed_amount: 0,
      advance_recovered: 0,
      retention_held: 0,
      retention_released: 0,
      bills: 0,
    });
  }
  const [advances, bills] = await Promise.all([
    db
      .selectFrom('payments')
      .select([
        'work_order',
        sql<number>`coalesce(sum(amount), 0)`.as('paid'),
        sql<number>`coalesce(sum(tds_amount), 0)`.as('tds'),
      ])
      .where('work_order', 'in', ids)
      .groupBy('work_order')
      .execute(),
    db
      .selectFrom('ra_bills')
      .select([
        'work_order',
        sql<number>`coalesce(sum(case when kind = 'bill' then gross_amount else 0 end), 0)`.as(
          'gross',
        ),
        sql<number>`coalesce(sum(advance_recovery), 0)`.as('recovered'),
        sql<number>`coalesce(sum(retention_amount), 0)`.as('held'),
        sql<number>`coalesce(sum(case when kind = 'retention_release' then net_payable else 0 end), 0)`.as(
          'released',
        ),
        sql<number>`count(*)`.as('bills'),
      ])
      .where('work_order', 'in', ids)
      .groupBy('work_order')
      .execute(),
  ]);
  for (const a of advances) {
    const m = out.get(a.work_order!)!;
    m.advance_paid = Number(a.paid);
    m.advance_tds = Number(a.tds);
  }
  for (const b of bills) {
    const m = out.get(b.work_order)!;
    m.billed_amount = Number(b.gross);
    m.advance_recovered = Number(b.recovered);
    m.retention_held = Number(b.held);
    m.retention_released = Number(b.released);
    m.bills = Number(b.bills);
  }
  return out;
}

const billRows = siteRows('ra_bills');
export const findBill = billRows.find;
export const insertBill = billRows.insert;
export const updateBill = billRows.update;

export function billsQuery(db: Executor) {
  return db.selectFrom('ra_bills').selectAll('ra_bills');
}

export async function lockBill(db: Executor, siteId: string, id: string) {
  return (await lockSiteRowsAmong(db, 'ra_bills', siteId, [id]))[0];
}

/** The order's bills, oldest first. */
export function billsOf(db: Executor, orderId: string) {
  return db
    .selectFrom('ra_bills')
    .selectAll()
    .where('work_order', '=', orderId)
    .orderBy('sequence')
    .execute();
}

export function billLinesOf(db: Executor, billIds: readonly string[]) {
  if (billIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ra_bill_lines as l')
    .innerJoin('work_order_lines as w', 'w.id', 'l.work_order_line')
    .selectAll('l')
    .select(['w.description as description', 'w.unit as unit', 'w.position as position'])
    .where('l.ra_bill', 'in', [...new Set(billIds)])
    .orderBy('l.ra_bill')
    .orderBy('w.position')
    .execute();
}
export type BillLineWithLine = Awaited<ReturnType<typeof billLinesOf>>[number];

export const insertBillLines = (db: Executor, rows: BillLineRow[]) =>
  insertRows(db, 'ra_bill_lines', rows);

export async function deleteBillLines(db: Executor, billId: string) {
  await db.deleteFrom('ra_bill_lines').where('ra_bill', '=', billId).execute();
}

export async function deleteBill(db: Executor, siteId: string, id: string) {
  await deleteBillLines(db, id);
  await billRows.remove(db, siteId, id);
}

export async function billHasAllocations(db: Executor, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('ra_bill_allocations')
    .select('id')
    .where('ra_bill', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
