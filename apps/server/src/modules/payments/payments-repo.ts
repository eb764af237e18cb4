import { sql, type Selectable, type Transaction } from 'kysely';
import type {
  CreditNoteUsageTable,
  Database,
  PaymentAllocationsTable,
  PaymentsTable,
  VendorCreditNotesTable,
} from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { forUpdate, isPostgres } from '../../db/locking.js';
import {
  anyRowWhere,
  deleteSiteRowsWhere,
  insertRows,
  lockSiteRowsAmong,
  siteRows,
} from '../../db/site-rows.js';

export type PaymentRow = PaymentsTable;
export type AllocationRow = PaymentAllocationsTable;
export type UsageRow = CreditNoteUsageTable;
export type CreditNoteRow = VendorCreditNotesTable;

/** Σ allocations of payment `alias` (paise), the SQL every "unallocated" figure starts from. */
export const allocatedOf = (alias: string) =>
  sql<number>`coalesce((select sum(pa.allocated_amount) from payment_allocations pa
    where pa.payment = ${sql.ref(`${alias}.id`)}), 0)`;

/** Large inserts go in chunks so no statement nears a driver's parameter limit. */
const INSERT_CHUNK = 100;

export function paymentsQuery(db: Executor) {
  return db.selectFrom('payments').selectAll('payments');
}

const payments = siteRows('payments');
export const findPayment = payments.find;
/** The payment row, locked on PostgreSQL so an edit and a delete of it never interleave. */
export const lockPayment = payments.lock;
export const insertPayment = payments.insert;
export const updatePayment = payments.update;
export const deletePayment = payments.remove;

export async function insertAllocations(db: Executor, rows: readonly AllocationRow[]) {
  await insertRows(db, 'payment_allocations', rows, INSERT_CHUNK);
}

export async function insertUsage(db: Executor, rows: readonly UsageRow[]) {
  await insertRows(db, 'credit_note_usage', rows, INSERT_CHUNK);
}

/**
 * A new payment with its allocations and credit-note usage. On PostgreSQL one statement (the
 * rows before the last in data-modifying `WITH`s; the foreign keys are checked at the statement's
 * end, when the payment is there): every statement is a round trip, and a payment's rows are
 * written while it holds its deliveries' and notes' locks. On SQLite, with no round trips to
 * save, the three inserts as they are.
 */
export async function insertPaymentWithRows(
  db: Executor,
  payment: PaymentRow,
  allocations: readonly AllocationRow[],
  usage: readonly UsageRow[],
): Promise<void> {
  const small = allocations.length <= INSERT_CHUNK && usage.length <= INSERT_CHUNK;
  if (!isPostgres(db) || !small || (allocations.length === 0 && usage.length === 0)) {
    await insertPayment(db, payment);
    await insertAllocations(db, allocations);
    await insertUsage(db, usage);
    return;
  }
  const withPayment = db.with('new_payment', (q) =>
    q.insertInto('payments').values(payment).returning('id'),
  );
  if (allocations.length === 0) {
    await withPayment.insertInto('credit_note_usage').values(usage).execute();
  } else if (usage.length === 0) {
    await withPayment.insertInto('payment_allocations').values(allocations).execute();
  } else {
    await withPayment
      .with('new_allocations', (q) =>
        q.insertInto('payment_allocations').values(allocations).returning('id'),
      )
      .insertInto('credit_note_usage')
      .values(usage)
      .execute();
  }
}

export function allocationsQuery(db: Executor) {
  return db.selectFrom('payment_allocations').selectAll('payment_allocations');
}

export function usageQuery(db: Executor) {
  return db.selectFrom('credit_note_usage').selectAll('credit_note_usage');
}

/** The rows of `table` (allocations or credit-note usage) of a page of payments, oldest first. */
async function rowsOfPayments<T extends 'payment_allocations' | 'credit_note_usage'>(
  db: Executor,
  table: T,
  siteId: string,
  paymentIds: readonly string[],
): Promise<Selectable<Database[T]>[]> {
  if (paymentIds.length === 0) return [];
  const rows = await db
    .selectFrom(table as 'payment_allocations' | 'credit_note_usage')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('payment', 'in', [...new Set(paymentIds)])
    .orderBy('created')
    .orderBy('id')
    .execute();
  return rows as Selectable<Database[T]>[];
}

export const allocationsOf = (db: Executor, siteId: string, paymentIds: readonly string[]) =>
  rowsOfPayments(db, 'payment_allocations', siteId, paymentIds);

export const usageOf = (db: Executor, siteId: string, paymentIds: readonly string[]) =>
  rowsOfPayments(db, 'credit_note_usage', siteId, paymentIds);

/** Allocations to deliveries or bookings (spec part 5: such a payment is not deleted). */
export const paymentHasAllocations = (db: Executor, paymentId: string): Promise<boolean> =>
  anyRowWhere(db, 'payment_allocations', 'payment', paymentId);

/** True when the work order has RA bills (its advance is being recovered). */
export async function orderHasBills(db: Executor, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('ra_bills')
    .select('id')
    .where('work_order', '=', orderId)
    .executeTakeFirst();
  return row !== undefined;
}

/** What the payments pay of RA bills (API.md "Work orders and RA bills"), in id order. */
export function raAllocationsOf(db: Executor, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ra_bill_allocations')
    .select(['id', 'payment', 'ra_bill', 'allocated_amount'])
    .where('payment', 'in', [...new Set(paymentIds)])
    .orderBy('id')
    .execute();
}

/** What the payments pay of labour contractors' wage sheets (API.md "Labour"), in id order. */
export function sheetAllocationsOf(db: Executor, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('wage_sheet_allocations')
    .select(['id', 'payment', 'wage_sheet', 'allocated_amount'])
    .where('payment', 'in', [...new Set(paymentIds)])
    .orderBy('id')
    .execute();
}

export const deleteUsageOf = (db: Executor, siteId: string, paymentId: string) =>
  deleteSiteRowsWhere(db, 'credit_note_usage', siteId, 'payment', paymentId);

export const deleteAllocationsOf = (db: Executor, siteId: string, paymentId: string) =>
  deleteSiteRowsWhere(db, 'payment_allocations', siteId, 'payment', paymentId);

export async function setUsageDate(db: Executor, siteId: string, paymentId: string, date: string) {
  await db
    .updateTable('credit_note_usage')
    .set({ used_date: date })
    .where('site_id', '=', siteId)
    .where('payment', '=', paymentId)
    .execute();
}

/**
 * The vendor's active credit notes and the requested ones of the vendor, ordered by id and, on
 * PostgreSQL, locked: the balances and the priority rule are read and written by one payment at a
 * time. Notes of other vendors or sites are not returned (the caller treats them as unknown).
 */
export function lockVendorCreditNotes(
  db: Transaction<Database>,
  siteId: string,
  vendor: string,
  requested: readonly string[],
) {
  return forUpdate(
    db,
    db
      .selectFrom('vendor_credit_notes')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('vendor', '=', vendor)
      .where((eb) =>
        requested.length > 0
          ? eb.or([eb('status', '=', 'active'), eb('id', 'in', [...requested])])
          : eb('status', '=', 'active'),
      )
      .orderBy('id'),
  ).execute();
}

/** Credit notes by id, ordered by id and locked on PostgreSQL (giving back a payment's usage). */
export function lockCreditNotesById(
  db: Transaction<Database>,
  siteId: string,
  ids: readonly string[],
) {
  return lockSiteRowsAmong(db, 'vendor_credit_notes', siteId, ids);
}

/**
 * The rows a payment's allocations pay: the allocation column that names them, what a row owes
 * (read as its `total_amount` by the payment rules) and the further columns the rules read. A
 * booking owes its taxable total plus its GST (API.md "GST": its total_amount is the taxable
 * value).
 */
const PAID_TARGETS = {
  deliveries: {
    allocation: 'a.delivery',
    // API.md "TDS": what a bill owes leaves out the TDS deducted from it.
    owed: sql<number>`total_amount - tds_amount`,
    columns: [],
  },
  service_bookings: {
    allocation: 'a.service_booking',
    owed: sql<number>`total_amount + cgst_amount + sgst_amount + igst_amount - tds_amount`,
    columns: ['status', 'percent_completed'],
  },
} as const;

export type PaidTable = keyof typeof PAID_TARGETS;

type PaidColumns = 'id' | 'vendor' | 'total_amount' | 'paid_amount' | 'payment_status';

/** What a locked or recomputed row of each paid table carries. */
export interface PaidTargetRow {
  deliveries: Pick<Database['deliveries'], PaidColumns>;
  service_bookings: Pick<
    Database['service_bookings'],
    PaidColumns | 'status' | 'percent_completed'
  >;
}

/** The columns of `table` the payment rules read, with what each row owes as `total_amount`. */
function paidTargetColumns(table: PaidTable) {
  const target = PAID_TARGETS[table];
  return [
    'id',
    'vendor',
    'paid_amount',
    'payment_status',
    target.owed.as('total_amount'),
    ...target.columns.map((column) => sql.ref(column).as(column)),
  ] as const;
}

/** Deliveries or service bookings of the site by id, ordered by id and locked on PostgreSQL. */
export async function lockPaidTargets<T extends PaidTable>(
  db: Transaction<Database>,
  table: T,
  siteId: string,
  ids: readonly string[],
): Promise<PaidTargetRow[T][]> {
  if (ids.length === 0) return [];
  const rows = await forUpdate(
    db,
    db
      .selectFrom(table as PaidTable)
      .select(paidTargetColumns(table))
      .where('site_id', '=', siteId)
      .where('id', 'in', [...new Set(ids)])
      .orderBy('id'),
  ).execute();
  return rows as unknown as PaidTargetRow[T][];
}

/**
 * The statuses a caller expects the recompute to give (from the rows it locked and what it
 * adds), set by the same UPDATE: `case id when … then … else <column> end`, with `updated`. The
 * caller checks them against the figures returned and corrects any that differ (`setStatuses`),
 * so a wrong guess costs a statement, never a wrong status.
 */
export type ExpectedStatuses = ReadonlyMap<string, string>;

function expectedStatusSet(
  column: 'payment_status' | 'status',
  expected: ExpectedStatuses | undefined,
  now: string | undefined,
) {
  if (!expected || expected.size === 0 || now === undefined) return {};
  const cases = sql.join(
    [...expected].map(([id, status]) => sql`when ${id} then ${status}`),
    sql` `,
  );
  return {
    [column]: sql<string>`case ${sql.ref('id')} ${cases} else ${sql.ref(column)} end`,
    updated: now,
  };
}

/** paid_amount = Σ allocations, recomputed in SQL (never adjusted, so it cannot drift). */
export async function recomputePaid<T extends PaidTable>(
  db: Executor,
  table: T,
  siteId: string,
  ids: string[],
  expected?: ExpectedStatuses,
  now?: string,
): Promise<PaidTargetRow[T][]> {
  if (ids.length === 0) return [];
  const allocation = sql.ref(PAID_TARGETS[table].allocation);
  const rows = await db
    .updateTable(table as PaidTable)
    .set({
      paid_amount: sql<number>`coalesce((select sum(a.allocated_amount) from payment_allocations a
        where ${allocation} = ${sql.ref(`${table}.id`)}), 0)`,
      ...expectedStatusSet('payment_status', expected, now),
    })
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .returning(paidTargetColumns(table))
    .execute();
  return rows as unknown as PaidTargetRow[T][];
}

/** balance = credit_amount − Σ usage, recomputed in SQL; returns the notes' new balances. */
export async function recomputeCreditNotes(
  db: Executor,
  siteId: string,
  ids: string[],
  expected?: ExpectedStatuses,
  now?: string,
) {
  if (ids.length === 0) return [];
  return db
    .updateTable('vendor_credit_notes')
    .set({
      balance: sql<number>`credit_amount - coalesce((select sum(u.used_amount)
        from credit_note_usage u where u.credit_note = vendor_credit_notes.id), 0)`,
      ...expectedStatusSet('status', expected, now),
    })
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .returning(['id', 'balance', 'status'])
    .execute();
}

/**
 * Sets each row's status in one statement (`case id when … then …`), with `updated`: a payment
 * touching three deliveries sends one UPDATE, not three.
 */
export async function setStatuses(
  db: Executor,
  table: 'deliveries' | 'service_bookings' | 'vendor_credit_notes',
  column: 'payment_status' | 'status',
  statuses: readonly { id: string; status: string }[],
  now: string,
) {
  if (statuses.length === 0) return;
  const cases = sql.join(
    statuses.map((s) => sql`when ${s.id} then ${s.status}`),
    sql` `,
  );
  await db
    .updateTable(table)
    .set({ [column]: sql<string>`case ${sql.ref('id')} ${cases} end`, updated: now })
    .where(
      'id',
      'in',
      statuses.map((s) => s.id),
    )
    .execute();
}

/** The allocations to one delivery or booking, newest payment first (payment date, then entry). */
export function allocationsToTarget(
  db: Executor,
  siteId: string,
  kind: 'delivery' | 'service_booking',
  targetId: string,
) {
  return db
    .selectFrom('payment_allocations as a')
    .innerJoin('payments as p', 'p.id', 'a.payment')
    .select(['a.id', 'a.payment', 'a.allocated_amount'])
    .where('a.site_id', '=', siteId)
    .where(kind === 'delivery' ? 'a.delivery' : 'a.service_booking', '=', targetId)
    .orderBy('p.payment_date', 'desc')
    .orderBy('p.created', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

/** Payments by id, ordered by id and locked on PostgreSQL. */
export function lockPaymentsById(
  db: Transaction<Database>,
  siteId: string,
  ids: readonly string[],
) {
  return lockSiteRowsAmong(db, 'payments', siteId, ids);
}

/** Sets one allocation's amount (paise), or removes it at zero. */
export async function setAllocationAmount(
  db: Executor,
  siteId: string,
  id: string,
  amount: number,
  now: string,
) {
  if (amount <= 0) {
    await db
      .deleteFrom('payment_allocations')
      .where('site_id', '=', siteId)
      .where('id', '=', id)
      .execute();
    return;
  }
  await db
    .updateTable('payment_allocations')
    .set({ allocated_amount: amount, updated: now })
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}

/** Σ allocations per payment (paise), for the payments named. */
export async function allocatedByPayment(db: Executor, siteId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('payment_allocations')
    .select(['payment', sql<number>`sum(allocated_amount)`.as('allocated')])
    .where('site_id', '=', siteId)
    .where('payment', 'in', [...new Set(ids)])
    .groupBy('payment')
    .execute();
  return new Map(rows.map((r) => [r.payment, Number(r.allocated)]));
}
