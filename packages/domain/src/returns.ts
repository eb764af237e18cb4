import { lineTotalPaise, toMilli, toPaise, type Paise } from './money.js';

/**
 * Vendor-return rules shared by the server and the return form (spec parts 3–5). Quantities are
 * integer thousandths, amounts integer paise.
 */
export const RETURN_STATUSES = [
  'initiated',
  'approved',
  'rejected',
  'completed',
  'refunded',
] as const;
export type ReturnStatusValue = (typeof RETURN_STATUSES)[number];

/** Returns in these statuses count toward a line's returned quantity (spec part 4). */
export const COUNTED_RETURN_STATUSES = ['approved', 'completed', 'refunded'] as const;

/** A refund may be recorded on a return in these statuses (again and again, up to its total). */
export const REFUNDABLE_RETURN_STATUSES = ['approved', 'completed', 'refunded'] as const;

export type ReturnAction = 'approve' | 'reject' | 'complete';

/**
 * Allowed status changes. A return is created approved; refunded is reached only by recording a
 * refund and is final. Rejecting an approved return frees its quantities; re-approving a rejected
 * one claims them again (checked by the server).
 */
export const RETURN_TRANSITIONS: Record<
  ReturnAction,
  { from: readonly ReturnStatusValue[]; to: ReturnStatusValue }
> = {
  approve: { from: ['initiated', 'rejected'], to: 'approved' },
  reject: { from: ['initiated', 'approved'], to: 'rejected' },
  complete: { from: ['approved'], to: 'completed' },
};

export function canTransition(action: ReturnAction, from: string): boolean {
  return (RETURN_TRANSITIONS[action].from as readonly string[]).includes(from);
}

export function isCountedReturnStatus(status: string): boolean {
  return (COUNTED_RETURN_STATUSES as readonly string[]).includes(status);
}

export function isRefundableReturnStatus(status: string): boolean {
  return (REFUNDABLE_RETURN_STATUSES as readonly string[]).includes(status);
}

/** delivered − returned, never below zero (thousandths). */
export function availableMilli(deliveredMilli: number, returnedMilli: number): number {
  return Math.max(0, deliveredMilli - returnedMilli);
}

export type ReturnQuantityProblem =
  | { code: 'ALREADY_FULLY_RETURNED' }
  | { code: 'RETURN_QUANTITY_EXCEEDED'; availableMilli: number; returnedMilli: number };

/** Spec part 5: a return quantity cannot exceed delivered minus already returned. */
export function checkReturnQuantity(
  requestedMilli: number,
  deliveredMilli: number,
  returnedMilli: number,
): ReturnQuantityProblem | null {
  const available = availableMilli(deliveredMilli, returnedMilli);
  if (available <= 0) return { code: 'ALREADY_FULLY_RETURNED' };
  if (requestedMilli > available) {
    return { code: 'RETURN_QUANTITY_EXCEEDED', availableMilli: available, returnedMilli };
  }
  return null;
}

/** A return line's amount: quantity × return rate, rounded to the paisa once. */
export function returnLineAmountPaise(quantity: number, returnRateRupees: number): Paise {
  return lineTotalPaise(toMilli(quantity), toPaise(returnRateRupees));
}

/** total_return_amount of lines as the form holds them (rupees, quantities). */
export function returnTotalPaise(
  lines: readonly { quantity_returned: number; return_rate: number }[],
): Paise {
  return lines.reduce(
    (sum, line) => sum + returnLineAmountPaise(line.quantity_returned, line.return_rate),
    0,
  );
}

export type RefundTypeValue = 'monetary' | 'credit' | 'split';

/**
 * What a refund given with a return books: `money` back to the account, `credit` as a credit note.
 * monetary → amount as money; credit → amount as a credit note (credit_amount is ignored);
 * split → amount as money and credit_amount as a credit note.
 */
export function refundParts(refund: {
  type: RefundTypeValue;
  amount: number;
  credit_amount?: number | null | undefined;
}): { moneyPaise: Paise; creditPaise: Paise } {
  const amount = toPaise(refund.amount);
  if (refund.type === 'monetary') return { moneyPaise: amount, creditPaise: 0 };
  if (refund.type === 'credit') return { moneyPaise: 0, creditPaise: amount };
  return { moneyPaise: amount, creditPaise: toPaise(refund.credit_amount ?? 0) };
}

/** The return's refund_type from what has been booked on it; null when nothing. */
export function refundTypeOf(moneyPaise: Paise, creditPaise: Paise): RefundTypeValue | null {
  if (moneyPaise > 0 && creditPaise > 0) return 'split';
  if (moneyPaise > 0) return 'monetary';
  if (creditPaise > 0) return 'credit';
  return null;
}

/**
 * Status once the booked refunds change: refunded while anything is refunded; a return whose last
 * refund went away falls back to completed (when it has a completion date) or approved.
 */
export function statusAfterRefunds(
  current: ReturnStatusValue,
  refundedPaise: Paise,
  completionDate: string | null,
): ReturnStatusValue {
  if (refundedPaise > 0) return 'refunded';
  if (current === 'refunded') return completionDate ? 'completed' : 'approved';
  return current;
}

export const CREDIT_NOTE_STATUSES = ['active', 'fully_used'] as const;
export type CreditNoteStatusValue = (typeof CREDIT_NOTE_STATUSES)[number];

/** Spec part 4: active; fully_used once the balance reaches zero or below. */
export function creditNoteStatusForBalance(balancePaise: Paise): CreditNoteStatusValue {
  return balancePaise <= 0 ? 'fully_used' : 'active';
}

/** API.md: usable = active, balance > 0 and not past expiry_date on `today` (YYYY-MM-DD). */
export function isUsableCreditNote(
  note: { status: string; balance: Paise; expiry_date: string | null },
  today: string,
): boolean {
  return (
    note.status === 'active' &&
    note.balance > 0 &&
    (note.expiry_date === null || note.expiry_date >= today)
  );
}

/**
 * What payments have drawn from a note (paise): credit_amount − balance, never below zero. The
 * server sums the usage rows instead; the two agree while balance = credit_amount − Σ usage.
 */
export function creditNoteUsedPaise(note: { credit_amount: Paise; balance: Paise }): Paise {
  return Math.max(0, note.credit_amount - note.balance);
}

/**
 * A note's amount may change, even after payments used it, but never below what they used
 * (409 CREDIT_NOTE_AMOUNT_BELOW_USED); the balance becomes amount − used and the status follows it.
 */
export function checkCreditNoteAmount(
  amountPaise: Paise,
  usedPaise: Paise,
): { code: 'CREDIT_NOTE_AMOUNT_BELOW_USED'; usedPaise: Paise } | null {
  return amountPaise < usedPaise ? { code: 'CREDIT_NOTE_AMOUNT_BELOW_USED', usedPaise } : null;
}

/** Before any refund: a return in these statuses may have its lines corrected. */
export const LINE_EDITABLE_RETURN_STATUSES = ['initiated', 'approved', 'completed'] as const;

/**
 * Whether a return's lines may change, and if not, why: refunded → RETURN_REFUNDED (the money is
 * booked against them); rejected → INVALID_STATUS_TRANSITION (re-approve it first).
 */
export function returnLinesEditProblem(
  status: string,
): 'RETURN_REFUNDED' | 'INVALID_STATUS_TRANSITION' | null {
  if (status === 'refunded') return 'RETURN_REFUNDED';
  return (LINE_EDITABLE_RETURN_STATUSES as readonly string[]).includes(status)
    ? null
    : 'INVALID_STATUS_TRANSITION';
}

/**
 * Returned quantity of a delivery line as it stands without one return's own line (thousandths):
 * what an edit of that return is checked against. A return's quantity counts only while its status
 * counts (approved, completed, refunded), so an initiated return's own quantity is not taken off.
 */
export function returnedWithoutOwnMilli(
  returnedMilli: number,
  ownMilli: number,
  returnStatus: string,
): number {
  return isCountedReturnStatus(returnStatus)
    ? Math.max(0, returnedMilli - ownMilli)
    : returnedMilli;
}
