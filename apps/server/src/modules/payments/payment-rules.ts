import {
  planCreditNotes,
  bookingPaymentStatus,
  creditNoteStatusForBalance,
  deliveryPaymentStatus,
  type CreditNotePlan,
  type CreditNoteProblem,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { newId } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { rupees } from '../../platform/record-shape.js';
import { AppError } from '../../platform/errors.js';
import { postTransaction } from '../accounts/account-postings.js';
import * as repo from './payments-repo.js';

/*
 * The rules and writes a new payment and an edited one share (API.md "Payments"): which
 * deliveries, bookings and credit notes a payment may name, what each may take, and how its
 * allocations and credit-note usage are written with the paid amounts, statuses and balances
 * they move.
 */

export type FieldErrors = Record<string, { code: string; message: string }>;

export interface Target {
  id: string;
  amount: number;
  field: string;
}

export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Unknown (other site or vendor) and expired credit notes, on their request fields. */
export function creditNoteFieldErrors(
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
export function creditNoteError(problem: CreditNoteProblem): AppError {
  switch (problem.code) {
    case 'INVALID_CREDIT_NOTES':
      return new AppError('VALIDATION_FAILED', creditNoteFieldErrors(problem));
    case 'CREDIT_NOTES_EXCEED_AMOUNT':
    case 'ACCOUNT_REQUIRED':
      return new AppError(problem.code, rupees({ amount: problem.amount, credit: problem.credit }));
    case 'CREDIT_NOTE_PRIORITY':
      return new AppError(problem.code, {
        reason: problem.reason,
        credit_note: problem.credit_note,
        reference: problem.reference,
        ...rupees({ balance: problem.balance }),
      });
    case 'CREDIT_NOTE_BALANCE_CHANGED': {
      const changes = problem.changes.map((c) => ({
        credit_note: c.credit_note,
        reference: c.reference ?? c.credit_note,
        ...rupees({
          requested: c.requested,
          available: c.available,
          original: c.original,
          used: c.used,
        }),
      }));
      // The first changed note in the contract's fields; every changed note under `changes`.
      return new AppError(problem.code, { ...changes[0], changes });
    }
  }
}

/** Deliveries and bookings named by the allocations: of this site and vendor, open to payment. */
export async function lockTargets(
  trx: Transaction<Database>,
  siteId: string,
  vendor: string,
  deliveries: Target[],
  bookings: Target[],
  errors: FieldErrors,
) {
  /** Locks the rows named and notes each target its row refuses (`refusal`). */
  const locked = async <T extends repo.PaidTable>(
    table: T,
    targets: Target[],
    refusal: (row: repo.PaidTargetRow[T] | undefined) => FieldErrors[string] | undefined,
  ) => {
    const ids = targets.map((t) => t.id);
    const rows = new Map(
      (await repo.lockPaidTargets(trx, table, siteId, ids)).map((row) => [row.id, row]),
    );
    for (const target of targets) {
      const refused = refusal(rows.get(target.id));
      if (refused) errors[target.field] = refused;
    }
    return rows;
  };
  const unknown = (message: string) => ({ code: 'invalid_reference', message });
  const deliveryRows = await locked('deliveries', deliveries, (row) =>
    !row || row.vendor !== vendor ? unknown('Unknown delivery of this vendor') : undefined,
  );
  const bookingRows = await locked('service_bookings', bookings, (row) => {
    if (!row || row.vendor !== vendor) return unknown('Unknown service booking of this vendor');
    if (row.status !== 'cancelled') return undefined;
    return {
      code: 'booking_cancelled',
      message: 'A cancelled service booking cannot receive payments',
    };
  });
  return { deliveryRows, bookingRows };
}

/** Each allocation ≤ what its delivery or booking still owes (total − paid). */
export function checkDues(
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
        ...rupees({ requested: target.amount, due }),
      });
    }
  }
}

/**
 * Rules on the request alone, checked before anything is read or locked: the credit notes and
 * the allocations each within the amount. Returns Σ allocations (paise).
 */
export function checkRequestTotals(
  amount: number,
  requests: readonly { amount: number }[],
  targets: readonly Target[],
): number {
  const credit = sum(requests.map((r) => r.amount));
  if (credit > amount) {
    throw creditNoteError({ code: 'CREDIT_NOTES_EXCEED_AMOUNT', amount, credit });
  }
  const allocated = sum(targets.map((t) => t.amount));
  if (allocated > amount) {
    throw new AppError('ALLOCATION_EXCEEDS_DUE', rupees({ allocated, amount }));
  }
  return allocated;
}

/**
 * Judges a payment against the books as they are in this transaction: its credit notes (locked,
 * then the priority and balance rules of `planCreditNotes`), its deliveries and bookings
 * (locked: of this vendor, not cancelled, each allocation within what is still due). Every bad
 * reference is reported at once (with `errors` found before), before any rule on balances or
 * dues. Returns the credit-note plan and the rows it locked (for the statuses the writes will give).
 */
export async function judgePayment(
  trx: Transaction<Database>,
  input: {
    siteId: string;
    vendorId: string;
    amount: number;
    hasAccount: boolean;
    requests: readonly { credit_note: string; amount: number }[];
    deliveries: Target[];
    bookings: Target[];
    today: string;
    /** The payment's date: notes issued after it do not hold it back (issue 40 item 7c). */
    paymentDate: string;
    allowBalanceAdjustment: boolean;
    errors: FieldErrors;
  },
): Promise<{ plan: CreditNotePlan; before: LockedBefore }> {
  const { siteId, vendorId, errors } = input;
  const notes = await repo.lockVendorCreditNotes(
    trx,
    siteId,
    vendorId,
    input.requests.map((r) => r.credit_note),
  );
  const { deliveryRows, bookingRows } = await lockTargets(
    trx,
    siteId,
    vendorId,
    input.deliveries,
    input.bookings,
    errors,
  );
  const result = planCreditNotes({
    amount: input.amount,
    hasAccount: input.hasAccount,
    requests: input.requests,
    notes,
    today: input.today,
    paymentDate: input.paymentDate,
    allowBalanceAdjustment: input.allowBalanceAdjustment,
  });
  if (!result.ok && result.problem.code === 'INVALID_CREDIT_NOTES')
    Object.assign(errors, creditNoteFieldErrors(result.problem));
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', errors);
  if (!result.ok) throw creditNoteError(result.problem);
  checkDues(input.deliveries, deliveryRows, 'delivery');
  checkDues(input.bookings, bookingRows, 'service_booking');
  const before: LockedBefore = {
    deliveries: deliveryRows,
    bookings: bookingRows,
    notes: new Map(notes.map((note) => [note.id, note])),
  };
  return { plan: result.plan, before };
}

/**
 * Statuses a caller expects (from the rows it locked before its change): set by the recompute's
 * own UPDATE, one statement per table instead of two. Without them each status is set after.
 */
export interface ExpectedTargetStatuses {
  deliveries?: repo.ExpectedStatuses;
  bookings?: repo.ExpectedStatuses;
}

/**
 * Sets the statuses the recompute did not get right: every row when nothing was expected, else
 * only the rows whose expected status differs from the one their new figures give (or that had
 * none expected).
 */
async function settleStatuses(
  trx: Transaction<Database>,
  table: 'deliveries' | 'service_bookings' | 'vendor_credit_notes',
  column: 'payment_status' | 'status',
  rows: readonly { id: string; status: string; stored: string }[],
  expected: repo.ExpectedStatuses | undefined,
  now: string,
): Promise<void> {
  const wrong = expected
    ? rows.filter((row) => !expected.has(row.id) || row.stored !== row.status)
    : rows;
  await repo.setStatuses(trx, table, column, wrong, now);
}

/** Re-sums paid_amount from the allocations and sets each delivery's and booking's status. */
export async function refreshTargets(
  trx: Transaction<Database>,
  siteId: string,
  deliveryIds: readonly string[],
  bookingIds: readonly string[],
  now: string,
  expected: ExpectedTargetStatuses = {},
): Promise<void> {
  const refresh = async <T extends repo.PaidTable>(
    table: T,
    ids: readonly string[],
    expectedStatuses: repo.ExpectedStatuses | undefined,
    status: (row: repo.PaidTargetRow[T]) => string,
  ) => {
    const rows = await repo.recomputePaid(
      trx,
      table,
      siteId,
      [...new Set(ids)],
      expectedStatuses,
      now,
    );
    const statuses = rows.map((row) => ({
      id: row.id,
      status: status(row),
      stored: row.payment_status,
    }));
    await settleStatuses(trx, table, 'payment_status', statuses, expectedStatuses, now);
  };
  await refresh('deliveries', deliveryIds, expected.deliveries, (row) =>
    deliveryPaymentStatus(row.total_amount, row.paid_amount),
  );
  await refresh('service_bookings', bookingIds, expected.bookings, (row) =>
    bookingPaymentStatus(row.total_amount, row.paid_amount, row.percent_completed),
  );
}

/** Re-sums each credit note's balance from its usage and sets its status from the balance. */
export async function refreshCreditNotes(
  trx: Transaction<Database>,
  siteId: string,
  noteIds: readonly string[],
  now: string,
  expected?: repo.ExpectedStatuses,
): Promise<void> {
  const notes = await repo.recomputeCreditNotes(trx, siteId, [...new Set(noteIds)], expected, now);
  await settleStatuses(
    trx,
    'vendor_credit_notes',
    'status',
    notes.map((note) => ({
      id: note.id,
      status: creditNoteStatusForBalance(note.balance),
      stored: note.status,
    })),
    expected,
    now,
  );
}

/**
 * The rows a new payment locked before writing (judgePayment): from them and the payment's own
 * allocations and usage, the statuses its recompute will give.
 */
export interface LockedBefore {
  deliveries: ReadonlyMap<string, { total_amount: number; paid_amount: number }>;
  bookings: ReadonlyMap<
    string,
    { total_amount: number; paid_amount: number; percent_completed: number }
  >;
  notes: ReadonlyMap<string, { balance: number }>;
}

function addTo(totals: Map<string, number>, id: string, amount: number) {
  totals.set(id, (totals.get(id) ?? 0) + amount);
}

/** What the recomputes should give once this payment's allocations and usage are written. */
function expectedAfter(
  before: LockedBefore,
  deliveries: readonly Target[],
  bookings: readonly Target[],
  plan: CreditNotePlan,
): { targets: ExpectedTargetStatuses; notes: repo.ExpectedStatuses } {
  const toDeliveries = new Map<string, number>();
  for (const d of deliveries) addTo(toDeliveries, d.id, d.amount);
  const toBookings = new Map<string, number>();
  for (const b of bookings) addTo(toBookings, b.id, b.amount);
  const fromNotes = new Map<string, number>();
  for (const use of plan.uses) addTo(fromNotes, use.credit_note, use.amount);
  const expect = <R>(
    added: Map<string, number>,
    rows: ReadonlyMap<string, R>,
    status: (row: R, added: number) => string,
  ) => {
    const out = new Map<string, string>();
    for (const [id, amount] of added) {
      const row = rows.get(id);
      if (row) out.set(id, status(row, amount));
    }
    return out;
  };
  return {
    targets: {
      deliveries: expect(toDeliveries, before.deliveries, (row, added) =>
        deliveryPaymentStatus(row.total_amount, row.paid_amount + added),
      ),
      bookings: expect(toBookings, before.bookings, (row, added) =>
        bookingPaymentStatus(row.total_amount, row.paid_amount + added, row.percent_completed),
      ),
    },
    notes: expect(fromNotes, before.notes, (row, used) =>
      creditNoteStatusForBalance(row.balance - used),
    ),
  };
}

export interface PaymentEffects {
  siteId: string;
  paymentId: string;
  vendor: { id: string; name: string };
  deliveries: readonly Target[];
  bookings: readonly Target[];
  plan: CreditNotePlan;
  /** The account the debit goes to (when the plan has the account pay anything). */
  account: string | null;
  paymentDate: string;
  reference: string | null;
  userId: string;
  /** Who posts the debit (an edit keeps the original poster). */
  postedBy: string;
  now: string;
}

/**
 * Writes what a payment does, once its row holds its amount (or with a new payment's row,
 * `newPayment`): the allocation rows and credit-note usage rows, the paid amounts and statuses
 * of its deliveries and bookings, and the notes' balances and statuses. The account debit is `postPaymentDebit`, which a new payment sends last.
 * Shared by a new payment and an edited one (after its old effects were released).
 */
export async function writePaymentEffects(
  trx: Transaction<Database>,
  input: PaymentEffects,
  options: {
    /** The rows judgePayment locked: the statuses are then set by the recomputes themselves. */
    before?: LockedBefore;
    /** A new payment's row, inserted with its allocations and usage (one statement on PostgreSQL). */
    newPayment?: repo.PaymentRow;
  } = {},
): Promise<{ allocations: repo.AllocationRow[]; usage: repo.UsageRow[] }> {
  const { before, newPayment } = options;
  const { siteId, paymentId, vendor, deliveries, bookings, plan, userId, now } = input;
  // Ascending ids keep the allocations in the order they were sent (they share `created`).
  const targets = [...deliveries, ...bookings];
  const rowIds = targets.map(() => newId()).sort();
  const allocations: repo.AllocationRow[] = targets.map((target, i) => ({
    id: rowIds[i]!,
    site_id: siteId,
    payment: paymentId,
    delivery: i < deliveries.length ? target.id : null,
    service_booking: i < deliveries.length ? null : target.id,
    allocated_amount: target.amount,
    created_by: userId,
    created: now,
    updated: now,
  }));
  const usageIds = plan.uses.map(() => newId()).sort();
  const usage: repo.UsageRow[] = plan.uses.map((use, i) => ({
    id: usageIds[i]!,
    site_id: siteId,
    credit_note: use.credit_note,
    used_amount: use.amount,
    used_date: input.paymentDate,
    payment: paymentId,
    vendor: vendor.id,
    description: `Payment to ${vendor.name}`,
    created_by: userId,
    created: now,
    updated: now,
  }));
  if (newPayment) {
    await repo.insertPaymentWithRows(trx, newPayment, allocations, usage);
  } else {
    await repo.insertAllocations(trx, allocations);
    await repo.insertUsage(trx, usage);
  }
  const expected = before ? expectedAfter(before, deliveries, bookings, plan) : undefined;
  await refreshTargets(
    trx,
    siteId,
    deliveries.map((d) => d.id),
    bookings.map((b) => b.id),
    now,
    expected?.targets,
  );
  await refreshCreditNotes(
    trx,
    siteId,
    plan.uses.map((u) => u.credit_note),
    now,
    expected?.notes,
  );
  return { allocations, usage };
}

/**
 * The account debit for what the credit notes do not cover. `accountChecked`: the caller saw the
 * account is the site's and has not locked it; the balance update is then the lock (account-
 * postings.ts).
 */
export async function postPaymentDebit(
  trx: Transaction<Database>,
  input: PaymentEffects,
  options: { accountChecked?: boolean } = {},
): Promise<void> {
  const { siteId, paymentId, vendor, plan } = input;
  if (plan.accountAmount > 0 && input.account) {
    await postTransaction(
      trx,
      {
        siteId,
        account: input.account,
        type: 'debit',
        amount: plan.accountAmount,
        date: input.paymentDate,
        description: `Payment to ${vendor.name}`,
        reference: input.reference,
        vendor: vendor.id,
        payment: paymentId,
        category: 'payment',
        userId: input.postedBy,
      },
      options,
    );
  }
}
