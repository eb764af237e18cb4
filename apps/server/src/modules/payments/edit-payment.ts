import { allocationState, toPaise, type Payment, type PaymentUpdate } from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { auditStart } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-time.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { lockAccount } from '../accounts/accounts-repo.js';
import { removePostings } from '../accounts/account-postings.js';
import { transactionsOf } from '../accounts/transactions-repo.js';
import {
  checkRequestTotals,
  type FieldErrors,
  judgePayment,
  refreshCreditNotes,
  refreshTargets,
  type Target,
  writePaymentEffects,
  postPaymentDebit,
  type PaymentEffects,
} from './payment-rules.js';
import * as repo from './payments-repo.js';
import { getPayment, updatePaymentDetails } from './payments-service.js';
import { accountExists, findVendorName, unknownAccountField } from '../../db/site-refs.js';
import type { SiteScope } from '../../platform/scope.js';

/** A PATCH that sends any of these re-plans the payment's money; others only relabel it. */
function changesMoney(input: PaymentUpdate): boolean {
  return (
    input.amount !== undefined ||
    input.account !== undefined ||
    input.delivery_allocations !== undefined ||
    input.service_booking_allocations !== undefined ||
    input.credit_note_allocations !== undefined
  );
}

/**
 * PATCH …/payments/{id} (API.md "Correcting a payment"). Date, reference and notes alone are
 * relabelled in place. Anything touching money re-plans the payment in one transaction: its own
 * allocations, credit-note usage and account debit are released first, then the edited payment
 * is judged by every rule of a new one against what is left, and written back. A refusal rolls
 * all of it back, so nothing changes.
 */
/** A work order's advance or a payment of RA bills is corrected by deleting and recording it again. */
function subcontractCorrection(field: string): AppError {
  return new AppError('VALIDATION_FAILED', {
    [field]: {
      code: 'subcontract_payment',
      message: 'Correct a subcontractor payment by deleting it and recording it again',
    },
  });
}

export async function editPayment(
  scope: SiteScope,
  id: string,
  input: PaymentUpdate,
): Promise<Payment> {
  const { ctx, siteId, userId } = scope;
  if (input.ra_bill_allocations !== undefined) throw subcontractCorrection('ra_bill_allocations');
  if (input.wage_sheet_allocations !== undefined) {
    throw subcontractCorrection('wage_sheet_allocations');
  }
  if (!changesMoney(input)) return updatePaymentDetails(scope, id, input);
  await ctx.db.kysely.transaction().execute((trx) => replan(ctx, trx, siteId, userId, id, input));
  return getPayment(scope, id);
}

async function replan(
  ctx: AppContext,
  trx: Transaction<Database>,
  siteId: string,
  userId: string,
  id: string,
  input: PaymentUpdate,
): Promise<void> {
  // Read first, lock after: the payment row is locked after its credit notes, deliveries and
  // bookings (the order every money write takes, docs/ARCHITECTURE.md), so an edit never waits
  // for a delivery while holding a payment that the delivery's own edit (releasing an
  // overpayment) waits for.
  const seen = await repo.findPayment(trx, siteId, id);
  if (!seen) throw notFound('Payment');
  if (
    seen.work_order ||
    (await repo.raAllocationsOf(trx, [id])).length > 0 ||
    (await repo.sheetAllocationsOf(trx, [id])).length > 0
  ) {
    throw subcontractCorrection('amount');
  }
  const vendor = (await findVendorName(trx, siteId, seen.vendor))!;
  const [seenAllocations, seenUsage] = await Promise.all([
    repo.allocationsOf(trx, siteId, [id]),
    repo.usageOf(trx, siteId, [id]),
  ]);
  const planned = plannedPayment(seen, seenAllocations, seenUsage, input);
  await lockMoneyRows(trx, siteId, vendor.id, seenAllocations, seenUsage, planned);
  // Now the payment: a second edit or a delete of it waits here, then sees this one's result.
  const row = (await repo.lockPayment(trx, siteId, id))!;
  const [oldAllocations, oldUsage, oldPostings] = await Promise.all([
    repo.allocationsOf(trx, siteId, [id]),
    repo.usageOf(trx, siteId, [id]),
    transactionsOf(trx, siteId, { payment: id }),
  ]);
  // Planned again from the locked rows. Another edit of this payment may have committed between
  // the first read and the lock: anything new it named is locked now (it holds nothing any more).
  const edit = plannedPayment(row, oldAllocations, oldUsage, input);
  if (!sameIds(oldAllocations, seenAllocations) || !sameIds(oldUsage, seenUsage)) {
    await lockMoneyRows(trx, siteId, vendor.id, oldAllocations, oldUsage, edit);
  }
  const { amount, account, date, reference, deliveries, bookings, requests } = edit;

  const allocated = checkRequestTotals(amount, requests, [...deliveries, ...bookings]);
  const errors: FieldErrors = {};
  if (input.account && !(await accountExists(trx, siteId, input.account))) {
    errors.account = unknownAccountField();
  }

  const oldNotes = oldUsage.map((u) => u.credit_note);
  const oldDeliveries = oldAllocations.flatMap((a) => (a.delivery ? [a.delivery] : []));
  const oldBookings = oldAllocations.flatMap((a) => (a.service_booking ? [a.service_booking] : []));
  const accounts = new Set(oldPostings.map((p) => p.account));
  if (account && !errors.account) accounts.add(account);
  for (const accountId of [...accounts].sort()) await lockAccount(trx, siteId, accountId);

  // Release what the payment held, so the rules below see the books without it.
  const audit = await auditStart(trx, { entity: 'payments', siteId, id, action: 'update' });
  const now = nowIso();
  await repo.deleteAllocationsOf(trx, siteId, id);
  await repo.deleteUsageOf(trx, siteId, id);
  await removePostings(trx, siteId, { payment: id });
  await refreshCreditNotes(trx, siteId, oldNotes, now);
  await refreshTargets(trx, siteId, oldDeliveries, oldBookings, now);

  // Judge the edited payment as a new one (already locked: these reads see the released state).
  const { plan, before } = await judgePayment(trx, {
    siteId,
    vendorId: vendor.id,
    amount,
    hasAccount: !!account,
    requests,
    deliveries,
    bookings,
    today: businessToday(ctx.config.timezone),
    paymentDate: date,
    allowBalanceAdjustment: input.allowBalanceAdjustment === true,
    errors,
  });

  // Write the edited payment back.
  const accountPays = plan.accountAmount > 0;
  await repo.updatePayment(trx, siteId, id, {
    amount,
    account: accountPays ? account : null,
    payment_date: date,
    reference,
    notes: input.notes !== undefined ? input.notes || null : row.notes,
    allocation_state: allocationState(amount, allocated),
    updated: now,
  });
  const effects: PaymentEffects = {
    siteId,
    paymentId: id,
    vendor,
    deliveries,
    bookings,
    plan,
    account: accountPays ? account : null,
    paymentDate: date,
    reference,
    userId,
    postedBy: oldPostings[0]?.created_by ?? userId,
    now,
  };
  await writePaymentEffects(trx, effects, { before });
  await postPaymentDebit(trx, effects);
  await audit.finish();
}

const sameIds = (a: readonly { id: string }[], b: readonly { id: string }[]) =>
  a.length === b.length && a.every((row, i) => row.id === b[i]!.id);

interface PlannedPayment {
  amount: number;
  account: string | null;
  date: string;
  reference: string | null;
  deliveries: Target[];
  bookings: Target[];
  requests: { credit_note: string; amount: number }[];
}

/** The edited payment: what the PATCH sends replaces, what it leaves out stays. */
function plannedPayment(
  row: repo.PaymentRow,
  allocations: readonly repo.AllocationRow[],
  usage: readonly repo.UsageRow[],
  input: PaymentUpdate,
): PlannedPayment {
  /** One kind's targets: as the PATCH sends them (amounts in rupees), else the payment's own. */
  const targets = (
    kind: 'delivery' | 'service_booking',
    sent: readonly ({ amount: number } & Partial<Record<typeof kind, string>>)[] | undefined,
  ): Target[] => {
    const field = (i: number) => `${kind}_allocations.${i}.${kind}`;
    if (sent)
      return sent.map((a, i) => ({ id: a[kind]!, amount: toPaise(a.amount), field: field(i) }));
    return allocations
      .filter((a) => a[kind])
      .map((a, i) => ({ id: a[kind]!, amount: a.allocated_amount, field: field(i) }));
  };
  return {
    amount: input.amount !== undefined ? toPaise(input.amount) : row.amount,
    account: input.account !== undefined ? input.account : row.account,
    date: input.payment_date ?? row.payment_date,
    reference: input.reference !== undefined ? input.reference || null : row.reference,
    deliveries: targets('delivery', input.delivery_allocations),
    bookings: targets('service_booking', input.service_booking_allocations),
    requests: input.credit_note_allocations
      ? input.credit_note_allocations.map((a) => ({
          credit_note: a.credit_note,
          amount: toPaise(a.amount),
        }))
      : usage.map((u) => ({ credit_note: u.credit_note, amount: u.used_amount })),
  };
}

/**
 * Credit notes, then deliveries, then bookings, each by id: what the payment held and what it
 * asks for now (on PostgreSQL; SQLite runs one write at a time).
 */
async function lockMoneyRows(
  trx: Transaction<Database>,
  siteId: string,
  vendorId: string,
  allocations: readonly repo.AllocationRow[],
  usage: readonly repo.UsageRow[],
  planned: PlannedPayment,
): Promise<void> {
  await repo.lockVendorCreditNotes(trx, siteId, vendorId, [
    ...planned.requests.map((r) => r.credit_note),
    ...usage.map((u) => u.credit_note),
  ]);
  await repo.lockPaidTargets(trx, 'deliveries', siteId, [
    ...allocations.flatMap((a) => (a.delivery ? [a.delivery] : [])),
    ...planned.deliveries.map((d) => d.id),
  ]);
  await repo.lockPaidTargets(trx, 'service_bookings', siteId, [
    ...allocations.flatMap((a) => (a.service_booking ? [a.service_booking] : [])),
    ...planned.bookings.map((b) => b.id),
  ]);
}
