import {
  allocationState,
  toPaise,
  type Payment,
  type PaymentCreate,
  type SubcontractPay,
} from '@siteledger/domain';
import { sql, type Transaction } from 'kysely';
import { newId, nowIso } from '../../db/ids.js';
import { forUpdate } from '../../db/locking.js';
import type { Database } from '../../db/schema.js';
import { findVendorAndAccount, unknownAccountField, unknownVendor } from '../../db/site-refs.js';
import { NO_TDS } from '../../db/tds-columns.js';
import { auditCreated } from '../../platform/audit.js';
import { AppError, notFound } from '../../platform/errors.js';
import { claimIdempotencyKey } from '../../platform/idempotency.js';
import { checkQuota } from '../../platform/plan-limits.js';
import { rupees } from '../../platform/record-shape.js';
import type { SiteScope } from '../../platform/scope.js';
import { publish, settleTxEvents } from '../../platform/tx-events.js';
import { postTransaction } from '../accounts/account-postings.js';
import { getPayment } from './payments-service.js';
import { refreshBills, refreshSheets } from './ra-bill-paid.js';

type Trx = Transaction<Database>;

/**
 * True when the request is a work order's advance or pays RA bills or a labour contractor's wage
 * sheets (this file's payments).
 */
export function isSubcontractPayment(input: PaymentCreate): boolean {
  return (
    !!input.work_order ||
    (input.ra_bill_allocations?.length ?? 0) > 0 ||
    (input.wage_sheet_allocations?.length ?? 0) > 0
  );
}

/** A bill a subcontract payment allocates to: an RA bill or a contractor's wage sheet. */
interface BillAllocation {
  table: 'ra_bills' | 'wage_sheets';
  id: string;
  amount: number;
  field: string;
}

function invalid(field: string, message: string, code = 'invalid'): AppError {
  return new AppError('VALIDATION_FAILED', { [field]: { code, message } });
}

/**
 * Payments to a subcontractor (API.md "Work orders and RA bills"): a work order's advance (no
 * allocations with it; TDS taken at payment, the account debited amount − TDS) or a payment of RA
 * bills (`ra_bill_allocations`, each at most what the bill still owes of its net payable). An
 * account pays (credit notes and delivery or booking allocations go on a payment of their own).
 * One transaction: the payment, its allocations, the bills' paid amounts and statuses, the TDS,
 * the account debit, the trail and the plan count.
 */
export async function createSubcontractPayment(
  scope: SiteScope,
  input: PaymentCreate,
  idempotencyKey: string | null,
): Promise<Payment> {
  const { ctx, siteId, userId } = scope;
  const amount = toPaise(input.amount);
  const mixed =
    (input.delivery_allocations?.length ?? 0) > 0 ||
    (input.service_booking_allocations?.length ?? 0) > 0 ||
    (input.credit_note_allocations?.length ?? 0) > 0;
  const raBills = input.ra_bill_allocations ?? [];
  const sheets = input.wage_sheet_allocations ?? [];
  const field = input.work_order
    ? 'work_order'
    : raBills.length > 0
      ? 'ra_bill_allocations'
      : 'wage_sheet_allocations';
  if (
    mixed ||
    (input.work_order && raBills.length + sheets.length > 0) ||
    (raBills.length > 0 && sheets.length > 0)
  ) {
    throw invalid(field, 'A subcontractor payment carries no other allocations: record them apart');
  }
  const bills: BillAllocation[] = [
    ...raBills.map((a, i) => ({
      table: 'ra_bills' as const,
      id: a.ra_bill,
      amount: toPaise(a.amount),
      field: `ra_bill_allocations.${i}.ra_bill`,
    })),
    ...sheets.map((a, i) => ({
      table: 'wage_sheets' as const,
      id: a.wage_sheet,
      amount: toPaise(a.amount),
      field: `wage_sheet_allocations.${i}.wage_sheet`,
    })),
  ];
  const allocated = bills.reduce((s, b) => s + b.amount, 0);
  if (allocated > amount) {
    throw new AppError('ALLOCATION_EXCEEDS_DUE', {
      ...rupees({ amount, allocated }),
    });
  }
  const id = newId();
  const prior = await ctx.db.kysely.transaction().execute(async (trx) => {
    const earlier = await claimIdempotencyKey(trx, siteId, idempotencyKey, 'payments', id);
    if (earlier) return earlier;
    const slot = await checkQuota(trx, ctx, siteId, 'payments', 1, scope.subscription);
    const { vendor, accountFound } = await findVendorAndAccount(
      trx,
      siteId,
      input.vendor,
      input.account,
    );
    if (!vendor) throw unknownVendor();
    if (!input.account) throw new AppError('ACCOUNT_REQUIRED');
    if (!accountFound) {
      throw new AppError('VALIDATION_FAILED', { account: unknownAccountField() });
    }
    const now = nowIso();
    let tdsSection: string | null = null;
    if (input.work_order) {
      const order = await forUpdate(
        trx,
        trx
          .selectFrom('work_orders')
          .select(['id', 'vendor', 'status', 'tds_section'])
          .where('site_id', '=', siteId)
          .where('id', '=', input.work_order),
      ).executeTakeFirst();
      if (!order) throw invalid('work_order', 'Unknown work order', 'invalid_reference');
      if (order.vendor !== vendor.id)
        throw invalid('work_order', 'The work order is of another vendor');
      if (order.status !== 'issued') {
        throw new AppError('INVALID_STATUS', { status: order.status, allowed_from: ['issued'] });
      }
      tdsSection = order.tds_section;
    }
    await lockBills(trx, siteId, vendor.id, bills, scope.role);
    await trx
      .insertInto('payments')
      .values({
        ...NO_TDS,
        tds_section: tdsSection,
        work_order: input.work_order ?? null,
        id,
        site_id: siteId,
        vendor: vendor.id,
        account: input.account,
        amount,
        payment_date: input.payment_date,
        reference: input.reference || null,
        notes: input.notes || null,
        // An advance is the order's: it is not left over for the vendor's bills.
        allocation_state: input.work_order ? 'fully_allocated' : allocationState(amount, allocated),
        created_by: userId,
        created: now,
        updated: now,
      })
      .execute();
    for (const bill of bills) {
      const link = { id: newId(), site_id: siteId, payment: id, allocated_amount: bill.amount };
      const stamps = { created_by: userId, created: now, updated: now };
      if (bill.table === 'ra_bills') {
        await trx
          .insertInto('ra_bill_allocations')
          .values({ ...link, ra_bill: bill.id, ...stamps })
          .execute();
      } else {
        await trx
          .insertInto('wage_sheet_allocations')
          .values({ ...link, wage_sheet: bill.id, ...stamps })
          .execute();
      }
    }
    const of = (table: BillAllocation['table']) =>
      bills.filter((b) => b.table === table).map((b) => b.id);
    await refreshBills(trx, of('ra_bills'), now);
    await refreshSheets(trx, of('wage_sheets'), now);
    let tds = 0;
    if (input.work_order && tdsSection) {
      publish(trx, 'credit.changed', {
        siteId,
        now,
        table: 'payments',
        id,
        deleted: false,
        places: [{ vendor: vendor.id, date: input.payment_date }],
        inTds: true,
      });
      await settleTxEvents(trx);
      const row = await trx
        .selectFrom('payments')
        .select('tds_amount')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      tds = Number(row.tds_amount);
    }
    await auditCreated(trx, 'payments', siteId, id);
    await postTransaction(trx, {
      siteId,
      account: input.account,
      type: 'debit',
      amount: amount - tds,
      date: input.payment_date,
      description: input.work_order ? `Advance to ${vendor.name}` : `Payment to ${vendor.name}`,
      reference: input.reference || null,
      vendor: vendor.id,
      payment: id,
      category: 'payment',
      userId,
    });
    await slot.take();
    return null;
  });
  return getPayment(scope, prior ?? id);
}

/** What each bill owes in all and has been paid: an RA bill's net payable, a sheet's net − TDS. */
async function owedOf(trx: Trx, siteId: string, table: BillAllocation['table'], ids: string[]) {
  if (ids.length === 0) return [];
  if (table === 'ra_bills') {
    return forUpdate(
      trx,
      trx
        .selectFrom('ra_bills')
        .select(['id', 'vendor', 'net_payable as owed', 'paid_amount'])
        .where('site_id', '=', siteId)
        .where('id', 'in', ids)
        .orderBy('id'),
    ).execute();
  }
  return forUpdate(
    trx,
    trx
      .selectFrom('wage_sheets')
      .select((eb) => [
        'id',
        'labour_contractor as vendor',
        eb(eb.ref('net'), '-', eb.ref('tds_amount')).as('owed'),
        'paid_amount',
        'status',
      ])
      .where('site_id', '=', siteId)
      .where('id', 'in', ids)
      .orderBy('id'),
  ).execute();
}

/** The bills, locked by id; each of the vendor, and each allocation within what it still owes. */
async function lockBills(
  trx: Trx,
  siteId: string,
  vendor: string,
  bills: BillAllocation[],
  role: SiteScope['role'],
) {
  if (bills.length === 0) return;
  const { table } = bills[0]!;
  const rows = await owedOf(
    trx,
    siteId,
    table,
    bills.map((b) => b.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seen = new Set<string>();
  const noun = table === 'ra_bills' ? 'an RA bill' : 'a wage sheet';
  for (const bill of bills) {
    const row = byId.get(bill.id);
    if (!row || row.vendor !== vendor || seen.has(bill.id)) {
      throw invalid(bill.field, `Not ${noun} of this vendor`, 'invalid_reference');
    }
    seen.add(bill.id);
    // As for the site's own wages: an owner's payment approves a draft sheet; others wait for it.
    if ('status' in row && row.status === 'draft' && role !== 'owner') {
      throw new AppError('WAGE_SHEET_PAID', { variant: 'not_approved' });
    }
    const due = Number(row.owed) - Number(row.paid_amount);
    if (bill.amount > due) {
      throw new AppError('ALLOCATION_EXCEEDS_DUE', {
        [table === 'ra_bills' ? 'ra_bill' : 'wage_sheet']: bill.id,
        ...rupees({ due: Math.max(0, due), requested: bill.amount }),
      });
    }
  }
}

/**
 * `POST …/ra_bills/{id}/pay`: a payment of one RA bill from an account, by default what the
 * bill still owes. Open to whoever sees the money (accountants pay subcontractors, issue 43).
 */
export async function payRaBill(
  scope: SiteScope,
  billId: string,
  input: SubcontractPay,
  idempotencyKey: string | null,
): Promise<Payment> {
  const bill = await scope.ctx.db.kysely
    .selectFrom('ra_bills')
    .select(['vendor', 'net_payable', 'paid_amount'])
    .where('site_id', '=', scope.siteId)
    .where('id', '=', billId)
    .executeTakeFirst();
  if (!bill) throw notFound('RA bill');
  const { due } = rupees({ due: Math.max(0, bill.net_payable - bill.paid_amount) });
  const amount = input.amount ?? due;
  if (amount <= 0) throw invalid('amount', 'Nothing is owed on this bill', 'nothing_due');
  return createSubcontractPayment(
    scope,
    {
      vendor: bill.vendor,
      account: input.account,
      amount,
      payment_date: input.payment_date,
      reference: input.reference ?? null,
      notes: input.notes ?? null,
      ra_bill_allocations: [{ ra_bill: billId, amount }],
    },
    idempotencyKey,
  );
}

/**
 * A labour contractor's wage sheet paid from its page (`POST …/wage_sheets/{id}/pay`, wired by
 * app.ts into the labour routes): his payment of what the sheet still owes (net − TDS − paid),
 * by whoever sees the money — accountants too, once an owner approved it.
 */
export async function payContractorSheet(
  scope: SiteScope,
  sheetId: string,
  input: SubcontractPay,
  idempotencyKey: string | null,
): Promise<Payment> {
  const sheet = await scope.ctx.db.kysely
    .selectFrom('wage_sheets')
    .select(['labour_contractor', 'number', 'net', 'tds_amount', 'paid_amount'])
    .where('site_id', '=', scope.siteId)
    .where('id', '=', sheetId)
    .executeTakeFirst();
  if (!sheet?.labour_contractor) throw notFound('Wage sheet');
  const { due } = rupees({
    due: Math.max(0, sheet.net - sheet.tds_amount - sheet.paid_amount),
  });
  const amount = input.amount ?? due;
  if (amount <= 0) throw new AppError('WAGE_SHEET_PAID');
  return createSubcontractPayment(
    scope,
    {
      vendor: sheet.labour_contractor,
      account: input.account,
      amount,
      payment_date: input.payment_date,
      reference: input.reference ?? sheet.number,
      notes: input.notes ?? null,
      wage_sheet_allocations: [{ wage_sheet: sheetId, amount }],
    },
    idempotencyKey,
  );
}

/**
 * `POST …/work_orders/{id}/advance`: the order's advance from an account, by default what is
 * agreed and not yet paid; TDS is taken at payment (see createSubcontractPayment).
 */
export async function payAdvance(
  scope: SiteScope,
  orderId: string,
  input: SubcontractPay,
  idempotencyKey: string | null,
): Promise<Payment> {
  const db = scope.ctx.db.kysely;
  const order = await db
    .selectFrom('work_orders')
    .select(['vendor', 'advance_amount'])
    .where('site_id', '=', scope.siteId)
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound('Work order');
  const paid = await db
    .selectFrom('payments')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('paid'))
    .where('work_order', '=', orderId)
    .executeTakeFirstOrThrow();
  const { left } = rupees({ left: Math.max(0, order.advance_amount - Number(paid.paid)) });
  const amount = input.amount ?? left;
  if (amount <= 0) throw invalid('amount', 'The agreed advance is paid', 'nothing_due');
  return createSubcontractPayment(
    scope,
    {
      vendor: order.vendor,
      account: input.account,
      amount,
      payment_date: input.payment_date,
      reference: input.reference ?? null,
      notes: input.notes ?? null,
      work_order: orderId,
    },
    idempotencyKey,
  );
}
