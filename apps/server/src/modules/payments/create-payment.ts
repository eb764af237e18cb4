import {
  allocationState,
  bookingPaymentStatus,
  creditNoteStatusForBalance,
  deliveryPaymentStatus,
  planCreditNotes,
  toPaise,
  toRupees,
  type CreditNoteProblem,
  type Payment,
  type PaymentCreate,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { newId, nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { claimIdempotencyKey } from '../../platform/idempotency.js';
import { consumeQuota } from '../../platform/plan-limits.js';
import { findAccount, lockAccount } from '../accounts/accounts-repo.js';
import { postTransaction } from '../accounts/ledger.js';
import { businessToday } from '../../platform/business-time.js';
import * as repo from './payments-repo.js';
import { getPayment } from './payments-service.js';
import { auditCreated } from '../../platform/audit.js';

type FieldErrors = Record<string, { code: string; message: string }>;

interface Target {
  id: string;
  amount: number;
  field: string;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Unknown (other site or vendor) and expired credit notes, on their request fields. */
function creditNoteFieldErrors(
  problem: Extract<CreditNoteProblem, { code: 'INVALID_CREDIT_NOTES' }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of problem.fields) {
    errors[`credit_note_allocations.${field.index}.credit_note`] =
      field.reason === 'expired'
        ? { code: 'credit_note_expired', message: 'This credit note has expired' }
        : { code: 'invalid_reference', message: 'Unknown credit note of this vendor' };
  }
  return errors;
}

/** The contract's error for a broken credit-note rule (amounts back in rupees). */
function creditNoteError(problem: CreditNoteProblem): AppError {
  switch (problem.code) {
    case 'INVALID_CREDIT_NOTES':
      return new AppError('VALIDATION_FAILED', creditNoteFieldErrors(problem));
    case 'CREDIT_NOTES_EXCEED_AMOUNT':
    case 'ACCOUNT_REQUIRED':
      return new AppError(problem.code, {
        amount: toRupees(problem.amount),
        credit: toRupees(problem.credit),
      });
    case 'CREDIT_NOTE_PRIORITY':
      return new AppError(problem.code, {
        reason: problem.reason,
        credit_note: problem.credit_note,
        reference: problem.reference,
        balance: toRupees(problem.balance),
      });
    case 'CREDIT_NOTE_BALANCE_CHANGED': {
      const changes = problem.changes.map((c) => ({
        credit_note: c.credit_note,
        reference: c.reference ?? c.credit_note,
        requested: toRupees(c.requested),
        available: toRupees(c.available),
        original: toRupees(c.original),
        used: toRupees(c.used),
      }));
      // The first changed note in the contract's fields; every changed note under `changes`.
      return new AppError(problem.code, { ...changes[0], changes });
    }
  }
}

/** Deliveries and bookings named by the allocations: of this site and vendor, open to payment. */
async function lockTargets(
  trx: Transaction<Database>,
  siteId: string,
  vendor: string,
  deliveries: Target[],
  bookings: Target[],
  pg: boolean,
  errors: FieldErrors,
) {
  const deliveryRows = new Map(
    (
      await repo.lockDeliveries(
        trx,
        siteId,
        deliveries.map((d) => d.id),
        pg,
      )
    ).map((row) => [row.id, row]),
  );
  const bookingRows = new Map(
    (
      await repo.lockBookings(
        trx,
        siteId,
        bookings.map((b) => b.id),
        pg,
      )
    ).map((row) => [row.id, row]),
  );
  for (const target of deliveries) {
    const row = deliveryRows.get(target.id);
    if (!row || row.vendor !== vendor)
      errors[target.field] = {
        code: 'invalid_reference',
        message: 'Unknown delivery of this vendor',
      };
  }
  for (const target of bookings) {
    const row = bookingRows.get(target.id);
    if (!row || row.vendor !== vendor)
      errors[target.field] = {
        code: 'invalid_reference',
        message: 'Unknown service booking of this vendor',
      };
    else if (row.status === 'cancelled')
      errors[target.field] = {
        code: 'booking_cancelled',
        message: 'A cancelled service booking cannot receive payments',
      };
  }
  return { deliveryRows, bookingRows };
}

/** Each allocation ≤ what its delivery or booking still owes (total − paid). */
function checkDues(
  targets: Target[],
  rows: Map<string, { total_amount: number; paid_amount: number }>,
  key: 'delivery' | 'service_booking',
) {
  for (const target of targets) {
    const row = rows.get(target.id)!;
    const due = Math.max(0, row.total_amount - row.paid_amount);
    if (target.amount > due) {
      throw new AppError('ALLOCATION_EXCEEDS_DUE', {
        field: target.field.replace(/\.[a-z_]+$/, '.amount'),
        [key]: target.id,
        requested: toRupees(target.amount),
        due: toRupees(due),
      });
    }
  }
}

/**
 * Records a payment in one transaction (API.md "Payments"): the payment, its allocations, the
 * deliveries' and bookings' paid amounts and statuses, the credit-note usage, balances and
 * statuses, and the account debit for what the credit notes do not cover. Locks are taken in one
 * order by every payment — credit notes, deliveries, bookings (each by id), then the account — so
 * two payments never deadlock and never both spend the same balance or due.
 */
export async function createPayment(
  ctx: AppContext,
  siteId: string,
  userId: string,
  input: PaymentCreate,
  idempotencyKey: string | null = null,
): Promise<Payment> {
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
  const credit = sum(requests.map((r) => r.amount));
  if (credit > amount) {
    throw creditNoteError({ code: 'CREDIT_NOTES_EXCEED_AMOUNT', amount, credit });
  }
  const allocated = sum([...deliveries, ...bookings].map((t) => t.amount));
  if (allocated > amount) {
    throw new AppError('ALLOCATION_EXCEEDS_DUE', {
      allocated: toRupees(allocated),
      amount: toRupees(amount),
    });
  }

  const pg = ctx.db.dialect === 'postgres';
  const today = businessToday(ctx.config.timezone);
  const id = newId();
  const prior = await ctx.db.kysely.transaction().execute(async (trx) => {
    // A repeat of an earlier create (same Idempotency-Key) answers with that record.
    const earlier = await claimIdempotencyKey(trx, siteId, idempotencyKey, 'payments', id);
    if (earlier) return earlier;
    await consumeQuota(trx, ctx, siteId, 'payments');
    const errors: FieldErrors = {};
    const vendor = await repo.findVendorName(trx, siteId, input.vendor);
    if (!vendor) {
      throw new AppError('VALIDATION_FAILED', {
        vendor: { code: 'invalid_reference', message: 'Unknown vendor' },
      });
    }
    if (input.account && !(await findAccount(trx, siteId, input.account))) {
      errors.account = { code: 'invalid_reference', message: 'Unknown account' };
    }
    const notes = await repo.lockVendorCreditNotes(
      trx,
      siteId,
      vendor.id,
      requests.map((r) => r.credit_note),
      pg,
    );
    const { deliveryRows, bookingRows } = await lockTargets(
      trx,
      siteId,
      vendor.id,
      deliveries,
      bookings,
      pg,
      errors,
    );
    // Locked before anything is written: inserting rows that refer to the account would
    // otherwise share-lock it and let two payments deadlock on the upgrade.
    if (input.account && !errors.account) await lockAccount(trx, siteId, input.account, pg);

    const result = planCreditNotes({
      amount,
      hasAccount: !!input.account,
      requests,
      notes,
      today,
      allowBalanceAdjustment: input.allowBalanceAdjustment === true,
    });
    // Every bad reference is reported at once, before any rule on balances or dues.
    if (!result.ok && result.problem.code === 'INVALID_CREDIT_NOTES')
      Object.assign(errors, creditNoteFieldErrors(result.problem));
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', errors);
    if (!result.ok) throw creditNoteError(result.problem);
    const plan = result.plan;
    checkDues(deliveries, deliveryRows, 'delivery');
    checkDues(bookings, bookingRows, 'service_booking');

    const now = nowIso();
    const accountPays = plan.accountAmount > 0;
    await repo.insertPayment(trx, {
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
    });
    // Ascending ids keep the allocations in the order they were sent (they share `created`).
    const rowIds = [...deliveries, ...bookings].map(() => newId()).sort();
    await repo.insertAllocations(
      trx,
      [...deliveries, ...bookings].map((target, i) => ({
        id: rowIds[i]!,
        site_id: siteId,
        payment: id,
        delivery: i < deliveries.length ? target.id : null,
        service_booking: i < deliveries.length ? null : target.id,
        allocated_amount: target.amount,
        created_by: userId,
        created: now,
        updated: now,
      })),
    );
    const paidDeliveries = await repo.recomputeDeliveriesPaid(
      trx,
      siteId,
      deliveries.map((d) => d.id),
    );
    for (const row of paidDeliveries) {
      const status = deliveryPaymentStatus(row.total_amount, row.paid_amount);
      await repo.setDeliveryStatus(trx, row.id, status, now);
    }
    const paidBookings = await repo.recomputeBookingsPaid(
      trx,
      siteId,
      bookings.map((b) => b.id),
    );
    for (const row of paidBookings) {
      const status = bookingPaymentStatus(row.total_amount, row.paid_amount, row.percent_completed);
      await repo.setBookingStatus(trx, row.id, status, now);
    }

    const usageIds = plan.uses.map(() => newId()).sort();
    await repo.insertUsage(
      trx,
      plan.uses.map((use, i) => ({
        id: usageIds[i]!,
        site_id: siteId,
        credit_note: use.credit_note,
        used_amount: use.amount,
        used_date: input.payment_date,
        payment: id,
        vendor: vendor.id,
        description: `Payment to ${vendor.name}`,
        created_by: userId,
        created: now,
        updated: now,
      })),
    );
    await auditCreated(trx, 'payments', siteId, id);
    const balances = await repo.recomputeCreditNotes(
      trx,
      siteId,
      plan.uses.map((u) => u.credit_note),
    );
    for (const note of balances) {
      await repo.setCreditNoteStatus(trx, note.id, creditNoteStatusForBalance(note.balance), now);
    }

    if (accountPays) {
      await postTransaction(
        trx,
        {
          siteId,
          account: input.account!,
          type: 'debit',
          amount: plan.accountAmount,
          date: input.payment_date,
          description: `Payment to ${vendor.name}`,
          reference: input.reference || null,
          vendor: vendor.id,
          payment: id,
          category: 'payment',
          userId,
        },
        pg,
      );
    }
    return null;
  });
  return getPayment(ctx, siteId, prior ?? id);
}
