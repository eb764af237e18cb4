import type { Paise } from './money.js';
import { isUsableCreditNote } from './returns.js';

/**
 * How a payment may use a vendor's credit notes (spec part 5, API.md "Payments"), as pure rules
 * over paise so the server decides and the payment form can say the same thing before sending:
 * - credit-note amounts may not exceed the payment amount;
 * - a requested amount above a note's current balance is refused with the figures, unless the
 *   caller allows the adjustment (then it is reduced to the balance; the payment amount stays);
 * - whatever the credit notes do not cover is paid from an account, which must then be given;
 * - notes are used oldest issue date first (then created, then id): a note may only be used when
 *   every older usable note is fully used by this payment, and an account may only pay when every
 *   usable note is fully used.
 */
export interface CreditNoteForPayment {
  id: string;
  reference: string | null;
  issue_date: string;
  created: string;
  expiry_date: string | null;
  status: string;
  credit_amount: Paise;
  balance: Paise;
}

export interface CreditNoteRequest {
  credit_note: string;
  amount: Paise;
}

/** Oldest issue date first, then oldest created, then id: the order notes must be used in. */
export function compareCreditNotes(
  a: Pick<CreditNoteForPayment, 'issue_date' | 'created' | 'id'>,
  b: Pick<CreditNoteForPayment, 'issue_date' | 'created' | 'id'>,
): number {
  if (a.issue_date !== b.issue_date) return a.issue_date < b.issue_date ? -1 : 1;
  if (a.created !== b.created) return a.created < b.created ? -1 : 1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}

/** Figures of a note whose balance no longer covers what was asked (paise). */
export interface BalanceChange {
  credit_note: string;
  reference: string | null;
  requested: Paise;
  available: Paise;
  original: Paise;
  used: Paise;
}

export type CreditNoteProblem =
  | { code: 'CREDIT_NOTES_EXCEED_AMOUNT'; amount: Paise; credit: Paise }
  | {
      code: 'INVALID_CREDIT_NOTES';
      /** Index into the request list; `unknown` covers other sites and other vendors. */
      fields: { index: number; credit_note: string; reason: 'unknown' | 'expired' }[];
    }
  | { code: 'CREDIT_NOTE_BALANCE_CHANGED'; changes: BalanceChange[] }
  | { code: 'ACCOUNT_REQUIRED'; amount: Paise; credit: Paise }
  | {
      code: 'CREDIT_NOTE_PRIORITY';
      reason: 'older_first' | 'account_before_credit';
      /** The older note that still has balance and must be used (fully) first. */
      credit_note: string;
      reference: string | null;
      balance: Paise;
    };

export interface CreditNoteUse {
  credit_note: string;
  amount: Paise;
}

export interface CreditNotePlan {
  /** What each note gives, in the order the notes must be used; no zero amounts. */
  uses: CreditNoteUse[];
  /** Σ uses. */
  credit: Paise;
  /** amount − credit: what the account pays. */
  accountAmount: Paise;
}

export type CreditNotePlanResult =
  { ok: true; plan: CreditNotePlan } | { ok: false; problem: CreditNoteProblem };

export interface CreditNotePlanInput {
  /** Payment amount (paise, > 0). */
  amount: Paise;
  hasAccount: boolean;
  requests: readonly CreditNoteRequest[];
  /** The payment vendor's notes: every usable one and every one requested (any status). */
  notes: readonly CreditNoteForPayment[];
  /** Business day (YYYY-MM-DD) for expiry. */
  today: string;
  allowBalanceAdjustment: boolean;
  /**
   * The payment's own date. A note issued after it did not exist when the money was paid, so it
   * never makes a backdated payment wait for it (the priority rule leaves it out); it may still
   * be used when asked for.
   */
  paymentDate?: string;
}

/** What a note can still give today: its balance while active, else nothing. */
function availableOf(note: CreditNoteForPayment): Paise {
  return note.status === 'active' && note.balance > 0 ? note.balance : 0;
}

/** Checks a payment's credit-note requests; the first rule broken wins, in the order above. */
export function planCreditNotes(input: CreditNotePlanInput): CreditNotePlanResult {
  const requested = input.requests.reduce((sum, r) => sum + r.amount, 0);
  if (requested > input.amount) {
    return {
      ok: false,
      problem: { code: 'CREDIT_NOTES_EXCEED_AMOUNT', amount: input.amount, credit: requested },
    };
  }

  const byId = new Map(input.notes.map((note) => [note.id, note]));
  const invalid: Extract<CreditNoteProblem, { code: 'INVALID_CREDIT_NOTES' }>['fields'] = [];
  input.requests.forEach((request, index) => {
    const note = byId.get(request.credit_note);
    if (!note) invalid.push({ index, credit_note: request.credit_note, reason: 'unknown' });
    else if (note.expiry_date !== null && note.expiry_date < input.today)
      invalid.push({ index, credit_note: request.credit_note, reason: 'expired' });
  });
  if (invalid.length > 0)
    return { ok: false, problem: { code: 'INVALID_CREDIT_NOTES', fields: invalid } };

  const changes: BalanceChange[] = [];
  const used = new Map<string, Paise>();
  for (const request of input.requests) {
    const note = byId.get(request.credit_note)!;
    const available = availableOf(note);
    if (request.amount > available) {
      changes.push({
        credit_note: note.id,
        reference: note.reference,
        requested: request.amount,
        available,
        original: note.credit_amount,
        used: note.credit_amount - note.balance,
      });
    }
    const amount = Math.min(request.amount, available);
    if (amount > 0) used.set(note.id, amount);
  }
  if (changes.length > 0 && !input.allowBalanceAdjustment) {
    return { ok: false, problem: { code: 'CREDIT_NOTE_BALANCE_CHANGED', changes } };
  }

  const credit = [...used.values()].reduce((sum, amount) => sum + amount, 0);
  const accountAmount = input.amount - credit;
  if (accountAmount > 0 && !input.hasAccount) {
    return { ok: false, problem: { code: 'ACCOUNT_REQUIRED', amount: input.amount, credit } };
  }

  const paidOn = input.paymentDate;
  const usable = input.notes
    .filter((note) => isUsableCreditNote(note, input.today))
    .filter((note) => paidOn === undefined || note.issue_date <= paidOn || used.has(note.id))
    .sort(compareCreditNotes);
  // The first usable note this payment leaves with balance: nothing newer may be touched, and no
  // account may pay, while it keeps that balance.
  const open = usable.find((note) => (used.get(note.id) ?? 0) < note.balance);
  if (open) {
    const openIndex = usable.indexOf(open);
    const newerUsed = usable.slice(openIndex + 1).some((note) => used.has(note.id));
    if (newerUsed || accountAmount > 0) {
      return {
        ok: false,
        problem: {
          code: 'CREDIT_NOTE_PRIORITY',
          reason: newerUsed ? 'older_first' : 'account_before_credit',
          credit_note: open.id,
          reference: open.reference,
          balance: open.balance - (used.get(open.id) ?? 0),
        },
      };
    }
  }

  const order = new Map(
    [...input.notes].sort(compareCreditNotes).map((note, index) => [note.id, index]),
  );
  const uses = [...used.entries()]
    .map(([credit_note, amount]) => ({ credit_note, amount }))
    .sort((a, b) => order.get(a.credit_note)! - order.get(b.credit_note)!);
  return { ok: true, plan: { uses, credit, accountAmount } };
}

/**
 * The credit-note use the payment form proposes: usable notes oldest first, each as far as the
 * amount still needs it. The result always satisfies planCreditNotes' priority rule.
 */
export function suggestCreditNoteUse(
  notes: readonly CreditNoteForPayment[],
  amount: Paise,
  today: string,
): CreditNoteUse[] {
  const uses: CreditNoteUse[] = [];
  let left = amount;
  for (const note of notes.filter((n) => isUsableCreditNote(n, today)).sort(compareCreditNotes)) {
    if (left <= 0) break;
    const take = Math.min(left, note.balance);
    uses.push({ credit_note: note.id, amount: take });
    left -= take;
  }
  return uses;
}

/**
 * Allocation the payment form proposes: open items in the order given (oldest first), each up
 * to what it still owes, until the amount is spent. Items with nothing due are skipped.
 */
export function suggestAllocations<T extends { id: string; due: Paise }>(
  items: readonly T[],
  amount: Paise,
): { id: string; amount: Paise }[] {
  const allocations: { id: string; amount: Paise }[] = [];
  let left = amount;
  for (const item of items) {
    if (left <= 0) break;
    if (item.due <= 0) continue;
    const take = Math.min(left, item.due);
    allocations.push({ id: item.id, amount: take });
    left -= take;
  }
  return allocations;
}
