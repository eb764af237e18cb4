/**
 * Site records written straight into the tables, for read-side tests that need many or unusual
 * records fast. Every helper keeps the invariants the integrity check holds after each suite
 * (src/integrity/check.ts): a delivery's totals are the sums of its lines, a bill's paid amount is
 * the sum of its allocations and its payment status follows, a payment is posted to an account
 * (less what credit notes paid), an account's balance is its opening ± its transactions, a credit
 * note's balance is its amount less its usage, a return's total is the sum of its lines, and every
 * record the plan counts is counted in the month it was created.
 */
import { sql } from 'kysely';
import { syncDeliveryStock, syncReturnStock } from '../../src/modules/stock/ledger.js';
import {
  allocationState,
  bookingPaymentStatus,
  creditNoteStatusForBalance,
  deliveryPaymentStatus,
  lineTotalPaise,
  type PlanResource,
} from '@siteledger/domain';
import type {
  AccountType,
  BookingStatus,
  RefundMethod,
  ReturnReason,
  ReturnStatus,
  ServiceCategory,
} from '../../src/db/schema.js';
import { newId, nowIso } from '../../src/db/ids.js';
import { businessMonth } from '../../src/platform/business-time.js';
import { ensureUsageRow } from '../../src/platform/plan-limits.js';
import { recordNew } from '../../src/platform/recorded-tax.js';
import type { TestServer } from './test-server.js';
import { NO_GST as NOTE_NO_GST } from '../../src/modules/returns/credit-notes-repo.js';

/** The GST heads of a row without GST (migration 0011). */
const NO_GST = { cgst_amount: 0, sgst_amount: 0, igst_amount: 0 } as const;

/** An id and a creation time of one's own (ordering, a month outside the plan's), else new. */
export interface RowStamp {
  id?: string;
  created?: string;
}

const db = (server: TestServer) => server.ctx.db.kysely;
const num = (value: unknown) => Number(value ?? 0);

function stamp(siteId: string, options: RowStamp = {}) {
  const created = options.created ?? nowIso();
  return {
    id: options.id ?? newId(),
    site_id: siteId,
    created_by: null,
    created,
    updated: created,
  };
}

/** Counts a record against the plan in the month it was created, as the API would have. */
export async function countUsage(
  server: TestServer,
  siteId: string,
  resource: PlanResource,
  created = nowIso(),
): Promise<void> {
  const period = businessMonth(server.ctx.config.timezone, new Date(created));
  await ensureUsageRow(db(server), siteId, period);
  await db(server)
    .updateTable('plan_usage')
    .set({ count: sql`${sql.ref('count')} + 1` })
    .where('site_id', '=', siteId)
    .where('period_start', '=', period.start)
    .where('resource', '=', resource)
    .execute();
}

/** One record per site and kind that tests need to exist but never look at (made once). */
const shared = new WeakMap<TestServer, Map<string, Promise<string>>>();
function once(server: TestServer, key: string, make: () => Promise<string>): Promise<string> {
  let made = shared.get(server);
  if (!made) shared.set(server, (made = new Map()));
  let id = made.get(key);
  if (!id) made.set(key, (id = make()));
  return id;
}

/** The item of lines whose item does not matter. */
export const fixtureItem = (server: TestServer, siteId: string) =>
  once(server, `item:${siteId}`, () => insertItem(server, siteId, { name: 'Fixture item' }));

/** The service of bookings whose service does not matter. */
export const fixtureService = (server: TestServer, siteId: string) =>
  once(server, `service:${siteId}`, () =>
    insertService(server, siteId, { name: 'Fixture service' }),
  );

/** The account payments are made from when a test does not name one. */
export const fixtureAccount = (server: TestServer, siteId: string) =>
  once(server, `account:${siteId}`, () =>
    insertAccount(server, siteId, { name: 'Fixture account' }),
  );

export async function insertVendor(
  server: TestServer,
  siteId: string,
  name = 'Test vendor',
  options: RowStamp = {},
): Promise<string> {
  const row = stamp(siteId, options);
  await db(server)
    .insertInto('vendors')
    .values({
      tds_194c6: 0,
      state_code: null,
      registration_type: 'unregistered',
      ...row,
      name,
      company_name: null,
      contact_person: null,
      email: null,
      phone: null,
      address: null,
      payment_details: null,
      gstin: null,
      files: '[]',
    })
    .execute();
  await countUsage(server, siteId, 'vendors', row.created);
  return row.id;
}

export async function insertItem(
  server: TestServer,
  siteId: string,
  options: { name?: string; unit?: string } & RowStamp = {},
): Promise<string> {
  const row = stamp(siteId, options);
  await db(server)
    .insertInto('items')
    .values({
      ...row,
      name: options.name ?? `Item ${row.id.slice(0, 5)}`,
      description: null,
      unit: options.unit ?? 'nos',
    })
    .execute();
  await countUsage(server, siteId, 'items', row.created);
  return row.id;
}

export async function insertService(
  server: TestServer,
  siteId: string,
  options: {
    name?: string;
    category?: ServiceCategory;
    unit?: string;
    standardRatePaise?: number;
  } & RowStamp = {},
): Promise<string> {
  const row = stamp(siteId, options);
  await db(server)
    .insertInto('services')
    .values({
      ...row,
      name: options.name ?? `Service ${row.id.slice(0, 5)}`,
      description: null,
      category: options.category ?? 'labor',
      service_type: null,
      unit: options.unit ?? 'day',
      standard_rate: options.standardRatePaise ?? 0,
      is_active: 1,
    })
    .execute();
  await countUsage(server, siteId, 'services', row.created);
  return row.id;
}

export async function insertAccount(
  server: TestServer,
  siteId: string,
  options: { name?: string; type?: AccountType; openingPaise?: number } & RowStamp = {},
): Promise<string> {
  const row = stamp(siteId, options);
  const opening = options.openingPaise ?? 0;
  await db(server)
    .insertInto('accounts')
    .values({
      ...row,
      name: options.name ?? `Account ${row.id.slice(0, 5)}`,
      type: options.type ?? 'bank',
      account_number: null,
      bank_name: null,
      description: null,
      is_active: 1,
      opening_balance: opening,
      current_balance: opening,
    })
    .execute();
  await countUsage(server, siteId, 'accounts', row.created);
  return row.id;
}

export interface DeliveryLine {
  /** The fixture item when not given. */
  item?: string;
  quantityMilli: number;
  unitPricePaise: number;
}

/**
 * A delivery and its lines. Without `lines`, one line of 1 × `itemsTotalPaise`; without `vendor`,
 * a new vendor named "Vendor". Unpaid: payments come from insertPayment.
 */
export async function insertDelivery(
  server: TestServer,
  siteId: string,
  options: {
    date: string;
    vendor?: string;
    lines?: DeliveryLine[];
    itemsTotalPaise?: number;
    taxPaise?: number;
    roundOffPaise?: number;
    /** `CH-…` from the id when not given. */
    reference?: string | null;
    notes?: string | null;
  } & RowStamp,
): Promise<{ vendor: string; delivery: string; lines: string[] }> {
  const row = stamp(siteId, options);
  const vendor = options.vendor ?? (await insertVendor(server, siteId, 'Vendor'));
  const specs = options.lines ?? [
    { quantityMilli: 1000, unitPricePaise: options.itemsTotalPaise ?? 0 },
  ];
  const lines = [];
  for (const spec of specs) {
    lines.push({
      id: newId(),
      item: spec.item ?? (await fixtureItem(server, siteId)),
      quantity: spec.quantityMilli,
      unit_price: spec.unitPricePaise,
      total_amount: lineTotalPaise(spec.quantityMilli, spec.unitPricePaise),
    });
  }
  const itemsTotal = lines.reduce((sum, line) => sum + line.total_amount, 0);
  const tax = options.taxPaise ?? 0;
  const roundOff = options.roundOffPaise ?? 0;
  await db(server)
    .insertInto('deliveries')
    .values({
      tds_base: 0,
      tds_amount: 0,
      tds_carried: 0,
      supplier_invoice_number: null,
      supplier_invoice_date: null,
      place_of_supply: null,
      bill_name: null,
      reverse_charge: 0,
      ...NO_GST,
      // The vendor and the site's mode as they are, as the API records them (migration 0020).
      ...(await recordNew(db(server), siteId, vendor)),
      ...row,
      vendor,
      delivery_date: options.date,
      delivery_reference:
        options.reference === undefined ? `CH-${row.id.slice(0, 5)}` : options.reference,
      notes: options.notes ?? null,
      photos: '[]',
      items_total: itemsTotal,
      tax_amount: tax,
      round_off: roundOff,
      total_amount: itemsTotal + tax + roundOff,
      paid_amount: 0,
      payment_status: 'pending',
    })
    .execute();
  for (const line of lines) {
    await db(server)
      .insertInto('delivery_items')
      .values({
        gst_rate: null,
        ...NO_GST,
        ...line,
        site_id: siteId,
        delivery: row.id,
        notes: null,
        created_by: null,
        created: row.created,
        updated: row.created,
      })
      .execute();
  }
  // The stock ledger mirrors delivery lines, as every delivery write of the API does.
  await syncDeliveryStock(db(server), siteId, [row.id]);
  await countUsage(server, siteId, 'deliveries', row.created);
  return { vendor, delivery: row.id, lines: lines.map((line) => line.id) };
}

/**
 * `count` deliveries of ₹100 (one line each: 1 × `item` at ₹100) for `vendor` — every `every.n`th
 * for `every.vendor` — dated `from` onwards over `days` days, written in one statement per table.
 * Ids are `prefix` letters + the number padded to 14 digits; created in 2025, outside any usage
 * month a test counts.
 */
export async function insertManyDeliveries(
  server: TestServer,
  target: { siteId: string; vendor: string; item: string },
  count: number,
  prefix: { delivery: string; line: string },
  spread: { from?: string; days?: number; every?: { n: number; vendor: string } } = {},
): Promise<void> {
  const pg = server.ctx.db.dialect === 'postgres';
  const from = spread.from ?? '2022-01-01';
  const days = spread.days ?? 1000;
  const series = pg
    ? sql`select i from generate_series(1, ${sql.lit(count)}) as s(i)`
    : sql`with recursive s(i) as (select 1 union all select i + 1 from s
        where i < ${sql.lit(count)}) select i from s`;
  const date = pg
    ? sql`to_char(date ${sql.lit(from)} + (i % ${sql.lit(days)}), 'YYYY-MM-DD')`
    : sql`date(${sql.lit(from)}, '+' || (i % ${sql.lit(days)}) || ' days')`;
  const vendor = spread.every
    ? sql`case when i % ${sql.lit(spread.every.n)} = 0 then ${spread.every.vendor}
        else ${target.vendor} end`
    : sql`${target.vendor}`;
  const id = (letter: string) => sql`${sql.lit(letter)} || substr('00000000000000' || i, -14)`;
  const created = sql.lit('2025-01-01T00:00:00.000Z');
  await sql`insert into deliveries (id, site_id, vendor, delivery_date, delivery_reference, notes,
      photos, items_total, tax_amount, round_off, total_amount, paid_amount, payment_status,
      created_by, created, updated)
    select ${id(prefix.delivery)}, ${target.siteId}, ${vendor}, ${date}, 'CH-' || i, null,
      '[]', 10000, 0, 0, 10000, 0, 'pending', null, ${created}, ${created}
    from (${series}) as n`.execute(db(server));
  await sql`insert into delivery_items (id, site_id, delivery, item, quantity, unit_price,
      total_amount, notes, created_by, created, updated)
    select ${id(prefix.line)}, ${target.siteId}, ${id(prefix.delivery)}, ${target.item}, 1000,
      10000, 10000, null, null, ${created}, ${created}
    from (${series}) as n`.execute(db(server));
  // Their stock movements, one statement as well (what syncDeliveryStock writes per delivery).
  await sql`insert into stock_movements (id, site_id, item, movement_date, kind, quantity, value,
      source_id, source_line, created, updated)
    select di.id, di.site_id, di.item, d.delivery_date, 'delivery', di.quantity, di.total_amount,
      di.delivery, di.id, di.created, di.updated
    from delivery_items di join deliveries d on d.id = di.delivery
    where di.site_id = ${target.siteId} and di.id like ${`${prefix.line}%`}
      and not exists (select 1 from stock_movements m where m.id = di.id)`.execute(db(server));
  if (pg) await sql`analyze deliveries`.execute(db(server));
}

/** A booking of `durationMilli` × `ratePaise` (1 × `totalPaise` when given). Unpaid. */
export async function insertBooking(
  server: TestServer,
  siteId: string,
  options: {
    vendor: string;
    /** The fixture service when not given. */
    service?: string;
    start?: string;
    durationMilli?: number;
    ratePaise?: number;
    totalPaise?: number;
    status?: BookingStatus;
    percentCompleted?: number;
  } & RowStamp,
): Promise<string> {
  const row = stamp(siteId, options);
  const duration = options.totalPaise === undefined ? (options.durationMilli ?? 1000) : 1000;
  const rate = options.totalPaise ?? options.ratePaise ?? 0;
  const percent = options.percentCompleted ?? 0;
  await db(server)
    .insertInto('service_bookings')
    .values({
      tds_base: 0,
      tds_amount: 0,
      tds_carried: 0,
      gst_rate: null,
      bill_name: null,
      reverse_charge: 0,
      rcm_cgst_amount: 0,
      rcm_sgst_amount: 0,
      rcm_igst_amount: 0,
      ...NO_GST,
      ...(await recordNew(db(server), siteId, options.vendor)),
      ...row,
      service: options.service ?? (await fixtureService(server, siteId)),
      vendor: options.vendor,
      start_date: options.start ?? '2026-01-12',
      end_date: null,
      duration,
      unit_rate: rate,
      total_amount: lineTotalPaise(duration, rate),
      percent_completed: percent,
      completion_photos: '[]',
      notes: null,
      status: options.status ?? 'scheduled',
      payment_status: bookingPaymentStatus(lineTotalPaise(duration, rate), 0, percent),
      paid_amount: 0,
    })
    .execute();
  await countUsage(server, siteId, 'service_bookings', row.created);
  return row.id;
}

/** A bill a payment allocation pays: exactly one of the two. */
export type Allocation = ({ delivery: string } | { booking: string }) & { amountPaise: number };

/**
 * A payment: its allocations (the bills' paid amounts and statuses follow), the credit notes it
 * uses (their balances follow), and the debit of what is left on `account` (the fixture account
 * when not given).
 */
export async function insertPayment(
  server: TestServer,
  siteId: string,
  options: {
    vendor: string;
    amountPaise: number;
    account?: string;
    date?: string;
    reference?: string | null;
    allocations?: Allocation[];
    credits?: { note: string; amountPaise: number }[];
  } & RowStamp,
): Promise<{ payment: string; transaction: string | null }> {
  const row = stamp(siteId, options);
  const allocations = options.allocations ?? [];
  const credits = options.credits ?? [];
  const allocated = allocations.reduce((sum, a) => sum + a.amountPaise, 0);
  const debit = options.amountPaise - credits.reduce((sum, c) => sum + c.amountPaise, 0);
  const account = debit > 0 ? (options.account ?? (await fixtureAccount(server, siteId))) : null;
  const date = options.date ?? '2026-01-15';
  await db(server)
    .insertInto('payments')
    .values({
      tds_base: 0,
      tds_amount: 0,
      tds_carried: 0,
      ...row,
      vendor: options.vendor,
      account,
      amount: options.amountPaise,
      payment_date: date,
      reference: options.reference ?? null,
      notes: null,
      allocation_state: allocationState(options.amountPaise, allocated),
    })
    .execute();
  for (const allocation of allocations) {
    const delivery = 'delivery' in allocation ? allocation.delivery : null;
    const booking = 'booking' in allocation ? allocation.booking : null;
    await db(server)
      .insertInto('payment_allocations')
      .values({
        ...stamp(siteId, { created: row.created }),
        payment: row.id,
        delivery,
        service_booking: booking,
        allocated_amount: allocation.amountPaise,
      })
      .execute();
    if (delivery) await settleDelivery(server, delivery);
    if (booking) await settleBooking(server, booking);
  }
  for (const credit of credits) {
    await useCreditNote(server, siteId, credit.note, credit.amountPaise, {
      date,
      payment: row.id,
    });
  }
  let transaction: string | null = null;
  if (account) {
    transaction = newId();
    await db(server)
      .insertInto('account_transactions')
      .values({
        ...stamp(siteId, { id: transaction, created: row.created }),
        account,
        type: 'debit',
        amount: debit,
        transaction_date: date,
        description: null,
        reference: options.reference ?? null,
        notes: null,
        vendor: options.vendor,
        payment: row.id,
        vendor_refund: null,
        transaction_category: 'payment',
      })
      .execute();
    await settleAccount(server, account);
  }
  await countUsage(server, siteId, 'payments', row.created);
  return { payment: row.id, transaction };
}

/** A credit note of `amountPaise`, of which `usedPaise` is already used (by no payment). */
export async function insertCreditNote(
  server: TestServer,
  siteId: string,
  options: {
    vendor: string;
    amountPaise: number;
    usedPaise?: number;
    issueDate?: string;
    expiryDate?: string | null;
    reference?: string | null;
    returnId?: string | null;
  } & RowStamp,
): Promise<string> {
  const row = stamp(siteId, options);
  const issueDate = options.issueDate ?? '2026-01-01';
  await db(server)
    .insertInto('vendor_credit_notes')
    .values({
      bill_name: null,
      ...NOTE_NO_GST,
      ...row,
      vendor: options.vendor,
      credit_amount: options.amountPaise,
      balance: options.amountPaise,
      issue_date: issueDate,
      expiry_date: options.expiryDate ?? null,
      reference: options.reference ?? null,
      reason: null,
      return_id: options.returnId ?? null,
      status: creditNoteStatusForBalance(options.amountPaise),
    })
    .execute();
  if (options.usedPaise) {
    await useCreditNote(server, siteId, row.id, options.usedPaise, { date: issueDate });
  }
  return row.id;
}

/** What a payment (or, without one, an adjustment) takes off a credit note. */
export async function useCreditNote(
  server: TestServer,
  siteId: string,
  note: string,
  amountPaise: number,
  options: { date?: string; payment?: string } = {},
): Promise<void> {
  const { vendor } = await db(server)
    .selectFrom('vendor_credit_notes')
    .select('vendor')
    .where('id', '=', note)
    .executeTakeFirstOrThrow();
  await db(server)
    .insertInto('credit_note_usage')
    .values({
      ...stamp(siteId),
      credit_note: note,
      used_amount: amountPaise,
      used_date: options.date ?? '2026-01-15',
      payment: options.payment ?? null,
      vendor,
      description: null,
    })
    .execute();
  const { used } = await db(server)
    .selectFrom('credit_note_usage')
    .select(sql<number>`coalesce(sum(used_amount), 0)`.as('used'))
    .where('credit_note', '=', note)
    .executeTakeFirstOrThrow();
  const { credit_amount } = await db(server)
    .selectFrom('vendor_credit_notes')
    .select('credit_amount')
    .where('id', '=', note)
    .executeTakeFirstOrThrow();
  const balance = num(credit_amount) - num(used);
  await db(server)
    .updateTable('vendor_credit_notes')
    .set({ balance, status: creditNoteStatusForBalance(balance) })
    .where('id', '=', note)
    .execute();
}

/** A return of delivery lines (none: a return of nothing yet); its total is the lines' sum. */
export async function insertReturn(
  server: TestServer,
  siteId: string,
  options: {
    vendor: string;
    date?: string;
    status?: ReturnStatus;
    reason?: ReturnReason;
    lines?: { deliveryItem: string; quantityMilli: number; ratePaise: number }[];
  } & RowStamp,
): Promise<string> {
  const row = stamp(siteId, options);
  const lines = (options.lines ?? []).map((line) => ({
    ...line,
    amount: lineTotalPaise(line.quantityMilli, line.ratePaise),
  }));
  await db(server)
    .insertInto('vendor_returns')
    .values({
      ...NO_GST,
      ...(await recordNew(db(server), siteId, options.vendor)),
      ...row,
      vendor: options.vendor,
      return_date: options.date ?? '2026-01-20',
      reason: options.reason ?? 'damaged',
      status: options.status ?? 'approved',
      notes: null,
      photos: '[]',
      approval_notes: null,
      approved_by: null,
      approved_at: null,
      total_return_amount: lines.reduce((sum, line) => sum + line.amount, 0),
      actual_refund_amount: null,
      completion_date: null,
      refund_type: null,
    })
    .execute();
  for (const line of lines) {
    await db(server)
      .insertInto('vendor_return_items')
      .values({
        ...NO_GST,
        ...stamp(siteId, { created: row.created }),
        vendor_return: row.id,
        delivery_item: line.deliveryItem,
        quantity_returned: line.quantityMilli,
        return_rate: line.ratePaise,
        return_amount: line.amount,
        condition: 'damaged',
        item_notes: null,
      })
      .execute();
  }
  await syncReturnStock(db(server), siteId, [row.id]);
  await countUsage(server, siteId, 'vendor_returns', row.created);
  return row.id;
}

/** Money the vendor gave back for a return, credited to `account` (none: an adjustment). */
export async function insertRefund(
  server: TestServer,
  siteId: string,
  options: {
    vendor: string;
    vendorReturn: string;
    account: string | null;
    amountPaise: number;
    date?: string;
    method?: RefundMethod;
    reference?: string | null;
  },
): Promise<string> {
  const row = stamp(siteId);
  const date = options.date ?? '2026-01-23';
  await db(server)
    .insertInto('vendor_refunds')
    .values({
      ...row,
      vendor_return: options.vendorReturn,
      vendor: options.vendor,
      account: options.account,
      refund_amount: options.amountPaise,
      refund_date: date,
      refund_method: options.method ?? (options.account ? 'bank_transfer' : 'adjustment'),
      reference: options.reference ?? null,
      notes: null,
      processed_by: null,
    })
    .execute();
  if (options.account) {
    await db(server)
      .insertInto('account_transactions')
      .values({
        ...stamp(siteId),
        account: options.account,
        type: 'credit',
        amount: options.amountPaise,
        transaction_date: date,
        description: null,
        reference: options.reference ?? null,
        notes: null,
        vendor: options.vendor,
        payment: null,
        vendor_refund: row.id,
        transaction_category: 'refund',
      })
      .execute();
    await settleAccount(server, options.account);
  }
  return row.id;
}

/** The lines of a delivery, oldest first (to return them). */
export async function deliveryLines(server: TestServer, delivery: string): Promise<string[]> {
  const rows = await db(server)
    .selectFrom('delivery_items')
    .select('id')
    .where('delivery', '=', delivery)
    .orderBy('created')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

async function allocatedTo(server: TestServer, column: 'delivery' | 'service_booking', id: string) {
  const { paid } = await db(server)
    .selectFrom('payment_allocations')
    .select(sql<number>`coalesce(sum(allocated_amount), 0)`.as('paid'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return num(paid);
}

async function settleDelivery(server: TestServer, id: string) {
  const paid = await allocatedTo(server, 'delivery', id);
  const { total_amount } = await db(server)
    .selectFrom('deliveries')
    .select('total_amount')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await db(server)
    .updateTable('deliveries')
    .set({ paid_amount: paid, payment_status: deliveryPaymentStatus(num(total_amount), paid) })
    .where('id', '=', id)
    .execute();
}

async function settleBooking(server: TestServer, id: string) {
  const paid = await allocatedTo(server, 'service_booking', id);
  const booking = await db(server)
    .selectFrom('service_bookings')
    .select(['total_amount', 'percent_completed'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const status = bookingPaymentStatus(
    num(booking.total_amount),
    paid,
    num(booking.percent_completed),
  );
  await db(server)
    .updateTable('service_bookings')
    .set({ paid_amount: paid, payment_status: status })
    .where('id', '=', id)
    .execute();
}

async function settleAccount(server: TestServer, id: string) {
  const { moved } = await db(server)
    .selectFrom('account_transactions')
    .select(
      sql<number>`coalesce(sum(case when type = 'credit' then amount else -amount end), 0)`.as(
        'moved',
      ),
    )
    .where('account', '=', id)
    .executeTakeFirstOrThrow();
  await db(server)
    .updateTable('accounts')
    .set({ current_balance: sql`opening_balance + ${num(moved)}` })
    .where('id', '=', id)
    .execute();
}
