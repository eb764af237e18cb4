import { allocationState, toPaise, type Payment, type PaymentCreate } from '@siteledger/domain';
import { newId, nowIso } from '../../db/ids.js';
import { claimIdempotencyKey } from '../../platform/idempotency.js';
import { checkQuota } from '../../platform/plan-limits.js';
import { businessToday } from '../../platform/business-time.js';
import type * as repo from './payments-repo.js';
import { getPayment } from './payments-service.js';
import { shapePayments } from './payments-shape.js';
import {
  checkRequestTotals,
  type FieldErrors,
  judgePayment,
  type Target,
  writePaymentEffects,
  postPaymentDebit,
  type PaymentEffects,
} from './payment-rules.js';
import { auditCreated } from '../../platform/audit.js';
import { findVendorAndAccount, unknownAccountField, unknownVendor } from '../../db/site-refs.js';
import type { SiteScope } from '../../platform/scope.js';
import { NO_TDS } from '../../db/tds-columns.js';
import { createSubcontractPayment, isSubcontractPayment } from './subcontract-payments.js';

/**
 * Records a payment in one transaction (API.md "Payments"): the payment, its allocations, the
 * deliveries' and bookings' paid amounts and statuses, the credit-note usage, balances and
 * statuses, and the account debit for what the credit notes do not cover. Locks are taken in one
 * order by every payment — credit notes, deliveries, bookings (each by id), then the account — so
 * two payments never deadlock and never both spend the same balance or due.
 */
export async function createPayment(
  scope: SiteScope,
  input: PaymentCreate,
  idempotencyKey: string | null = null,
): Promise<Payment> {
  const { ctx, siteId, userId } = scope;
  if (isSubcontractPayment(input)) return createSubcontractPayment(scope, input, idempotencyKey);
  const amount = toPaise(input.amount);
  const deliveries: Target[] = (input.delivery_allocations ?? []).map((a, i) => ({
    id: a.delivery,
    amount: toPaise(a.amount),
    field: `delivery_allocations.${i}.delivery`,
  }));
  const bookings: Target[] = (input.service_booking_allocations ?? []).map((a, i) => ({
    id: a.service_booking,
    amount: toPaise(a.amount),
    field: `service_booking_allocations.${i}.service_booking`,
  }));
  const requests = (input.credit_note_allocations ?? []).map((a) => ({
    credit_note: a.credit_note,
    amount: toPaise(a.amount),
  }));
  // Rules on the request alone come first: nothing is read or locked for them.
  const allocated = checkRequestTotals(amount, requests, [...deliveries, ...bookings]);
  const today = businessToday(ctx.config.timezone);
  const id = newId();
  // What the transaction wrote, for the answer (assigned inside it).
  const out: {
    written?: {
      payment: repo.PaymentRow;
      allocations: repo.AllocationRow[];
      usage: repo.UsageRow[];
    };
  } = {};
  const prior = await ctx.db.kysely.transaction().execute(async (trx) => {
    // A repeat of an earlier create (same Idempotency-Key) answers with that record.
    const earlier = await claimIdempotencyKey(trx, siteId, idempotencyKey, 'payments', id);
    if (earlier) return earlier;
    const slot = await checkQuota(trx, ctx, siteId, 'payments', 1, scope.subscription);
    const errors: FieldErrors = {};
    const { vendor, accountFound } = await findVendorAndAccount(
      trx,
      siteId,
      input.vendor,
      input.account,
    );
    if (!vendor) throw unknownVendor();
    if (input.account && !accountFound) errors.account = unknownAccountField();
    const { plan, before } = await judgePayment(trx, {
      siteId,
      vendorId: vendor.id,
      amount,
      hasAccount: !!input.account,
      requests,
      deliveries,
      bookings,
      today,
      paymentDate: input.payment_date,
      allowBalanceAdjustment: input.allowBalanceAdjustment === true,
      errors,
    });
    // The account is not locked here: its balance update, near the end, takes the lock
    // (account-postings.ts), so payments from one account queue for one statement and the commit.
    const now = nowIso();
    const accountPays = plan.accountAmount > 0;
    const payment: repo.PaymentRow = {
      ...NO_TDS,
      work_order: null,
      id,
      site_id: siteId,
      vendor: vendor.id,
      account: accountPays ? input.account! : null,
      amount,
      payment_date: input.payment_date,
      reference: input.reference || null,
      notes: input.notes || null,
      allocation_state: allocationState(amount, allocated),
      created_by: userId,
      created: now,
      updated: now,
    };
    const effects: PaymentEffects = {
      siteId,
      paymentId: id,
      vendor,
      deliveries,
      bookings,
      plan,
      account: accountPays ? input.account! : null,
      paymentDate: input.payment_date,
      reference: input.reference || null,
      userId,
      postedBy: userId,
      now,
    };
    const written = await writePaymentEffects(trx, effects, { before, newPayment: payment });
    out.written = { payment, ...written };
    // The trail's snapshot from the rows just written (platform/audit.ts `snapshot`: allocations
    // and notes in id order, which is the order they were sent in).
    await auditCreated(trx, 'payments', siteId, id, {
      ...payment,
      allocations: written.allocations.map((a) => ({
        delivery: a.delivery,
        service_booking: a.service_booking,
        allocated_amount: a.allocated_amount,
      })),
      credit_notes: written.usage.map((u) => ({
        credit_note: u.credit_note,
        used_amount: u.used_amount,
      })),
    });
    // The two rows every payment of the site or the account queues on, last (plan-limits.ts).
    await postPaymentDebit(trx, effects, { accountChecked: true });
    await slot.take();
    return null;
  });
  if (prior || !out.written) return getPayment(scope, prior ?? id);
  // Answered from what was written: the same shape GET reads back (allocations in id order).
  const { payment, ...written } = out.written;
  const [shaped] = await shapePayments(ctx.db.kysely, siteId, [payment], new Set(), written);
  return shaped!;
}
