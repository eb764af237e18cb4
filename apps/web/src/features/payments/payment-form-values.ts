import {
  planCreditNotes,
  suggestAllocations,
  suggestCreditNoteUse,
  toPaise,
  toRupees,
  type CreditNoteForPayment,
  type Payment,
  type PaymentCreate,
  type PaymentUpdate,
  type VendorPayables,
} from '@siteledger/domain';
import { parseDecimalInput } from '../../components/ui/money-field';
import { inputOf, paiseOf, payableKey, payablesOf, type PaymentSummary } from './allocation';

/** The payment form's values: the request's own shape, amounts as the text the inputs hold. */
export interface PaymentFormValues {
  vendor: string;
  amount: string;
  account: string;
  payment_date: string;
  reference: string;
  notes: string;
  delivery_allocations: { delivery: string; amount: string }[];
  service_booking_allocations: { service_booking: string; amount: string }[];
  credit_note_allocations: { credit_note: string; amount: string }[];
}

export type PaymentRows = Pick<
  PaymentFormValues,
  'delivery_allocations' | 'service_booking_allocations' | 'credit_note_allocations'
>;

/** Amount text per row: `d:<id>` a delivery, `b:<id>` a booking, a credit note by its id. */
export type RowAmounts = Record<string, string>;

/** The rows as a map of amounts (empty rows left out). */
export function amountsOf(rows: PaymentRows): RowAmounts {
  const out: RowAmounts = {};
  for (const r of rows.delivery_allocations)
    if (r.amount) out[payableKey('delivery', r.delivery)] = r.amount;
  for (const r of rows.service_booking_allocations)
    if (r.amount) out[payableKey('booking', r.service_booking)] = r.amount;
  for (const r of rows.credit_note_allocations) if (r.amount) out[r.credit_note] = r.amount;
  return out;
}

/** One row per open delivery, booking and usable credit note, holding `amounts`. */
export function rowsFor(data: VendorPayables | undefined, amounts: RowAmounts): PaymentRows {
  return {
    delivery_allocations: (data?.deliveries ?? []).map((d) => ({
      delivery: d.id,
      amount: amounts[payableKey('delivery', d.id)] ?? '',
    })),
    service_booking_allocations: (data?.service_bookings ?? []).map((b) => ({
      service_booking: b.id,
      amount: amounts[payableKey('booking', b.id)] ?? '',
    })),
    credit_note_allocations: (data?.credit_notes ?? []).map((n) => ({
      credit_note: n.id,
      amount: amounts[n.id] ?? '',
    })),
  };
}

/** The payables' credit notes as the domain's credit-note rules take them (already in order). */
export function creditNotesOf(data: VendorPayables | undefined): CreditNoteForPayment[] {
  return (data?.credit_notes ?? []).map((n, index) => ({
    id: n.id,
    reference: n.reference,
    issue_date: n.issue_date,
    // The server lists notes in the order they must be used; the index keeps ties in that order.
    created: String(index).padStart(6, '0'),
    expiry_date: n.expiry_date,
    status: 'active',
    credit_amount: toPaise(n.balance),
    balance: toPaise(n.balance),
  }));
}

/**
 * `paise` spread over the open deliveries and bookings oldest first (`prefer` first when given),
 * on top of what `base` already puts on each — the domain's suggestAllocations.
 */
export function suggestedAllocations(
  data: VendorPayables | undefined,
  paise: number,
  prefer?: string | null,
  base: RowAmounts = {},
): RowAmounts {
  const list = payablesOf(data);
  const first = list.filter((p) => p.key === prefer);
  const items = [...first, ...list.filter((p) => p.key !== prefer)].map((p) => ({
    id: p.key,
    due: Math.max(0, toPaise(p.due) - paiseOf(base[p.key] ?? '')),
  }));
  const out: RowAmounts = {};
  for (const p of list) if (base[p.key]) out[p.key] = base[p.key] ?? '';
  for (const a of suggestAllocations(items, paise))
    out[a.id] = inputOf(paiseOf(out[a.id] ?? '') + a.amount);
  return out;
}

/** Credit notes oldest first as far as the amount needs them — the domain's suggestCreditNoteUse. */
export function suggestedCredits(
  data: VendorPayables | undefined,
  paise: number,
  today: string,
): RowAmounts {
  const uses = suggestCreditNoteUse(creditNotesOf(data), paise, today);
  return Object.fromEntries(uses.map((u) => [u.credit_note, inputOf(u.amount)]));
}

const sum = (rows: readonly { amount: string }[]) =>
  rows.reduce((total, r) => total + paiseOf(r.amount), 0);

export function summarize(values: PaymentFormValues): PaymentSummary {
  const amount = paiseOf(values.amount);
  const credit = sum(values.credit_note_allocations);
  const allocated = sum(values.delivery_allocations) + sum(values.service_booking_allocations);
  return { amount, credit, account: amount - credit, allocated, unallocated: amount - allocated };
}

export type CreditProblem =
  | { kind: 'older_first' | 'account_before_credit' | 'over_balance'; note: string }
  | { kind: 'exceeds_amount' };

/** What the domain's planCreditNotes (the server's rule) says of the credit rows, if anything. */
export function creditProblemOf(
  values: PaymentFormValues,
  data: VendorPayables | undefined,
  today: string,
): CreditProblem | null {
  const requests = values.credit_note_allocations
    .map((r) => ({ credit_note: r.credit_note, amount: paiseOf(r.amount) }))
    .filter((r) => r.amount > 0);
  const amount = paiseOf(values.amount);
  if (amount <= 0) return requests.length > 0 ? { kind: 'exceeds_amount' } : null;
  const result = planCreditNotes({
    amount,
    // Whether an account is chosen is the account field's own message.
    hasAccount: true,
    requests,
    notes: creditNotesOf(data),
    today,
    allowBalanceAdjustment: false,
  });
  if (result.ok) return null;
  const problem = result.problem;
  switch (problem.code) {
    case 'CREDIT_NOTE_PRIORITY':
      return { kind: problem.reason, note: problem.credit_note };
    case 'CREDIT_NOTE_BALANCE_CHANGED':
      return { kind: 'over_balance', note: problem.changes[0]?.credit_note ?? '' };
    case 'INVALID_CREDIT_NOTES':
      return { kind: 'over_balance', note: problem.fields[0]?.credit_note ?? '' };
    default:
      return { kind: 'exceeds_amount' };
  }
}

const badNumber = (text: string) => {
  const value = parseDecimalInput(text);
  return value !== undefined && (!Number.isFinite(value) || value < 0);
};

/** Problems found before sending, as i18n keys by field (`d:<id>`, `b:<id>`, a note's id). */
export function validatePayment(
  values: PaymentFormValues,
  data: VendorPayables | undefined,
  today: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  const summary = summarize(values);
  if (!values.vendor) out.vendor = 'payments.validation.vendor';
  const amount = parseDecimalInput(values.amount);
  if (amount === undefined) out.amount = 'validation.required';
  else if (!Number.isFinite(amount) || amount <= 0) out.amount = 'kit.validation.positive';
  if (!values.payment_date) out.payment_date = 'validation.required';
  if (summary.account > 0 && !values.account) out.account = 'payments.validation.account';
  for (const p of payablesOf(data)) {
    const row =
      p.kind === 'delivery'
        ? values.delivery_allocations.find((r) => r.delivery === p.id)
        : values.service_booking_allocations.find((r) => r.service_booking === p.id);
    const text = row?.amount ?? '';
    if (badNumber(text)) out[p.key] = 'kit.validation.number';
    else if (paiseOf(text) > toPaise(p.due)) out[p.key] = 'payments.validation.overDue';
  }
  for (const r of values.credit_note_allocations)
    if (badNumber(r.amount)) out[r.credit_note] = 'kit.validation.number';
  if (summary.unallocated < 0) out.allocations = 'payments.validation.overAllocated';
  const problem = creditProblemOf(values, data, today);
  if (problem) {
    const message = `payments.validation.credit.${problem.kind}`;
    if ('note' in problem && problem.note) out[problem.note] = message;
    out.credits = message;
  }
  return out;
}

type Lists = Required<
  Pick<
    PaymentCreate,
    'delivery_allocations' | 'service_booking_allocations' | 'credit_note_allocations'
  >
>;

/** A typed amount in rupees as the API takes it: two decimals, read as the form reads it. */
const money = (text: string) => toRupees(paiseOf(text));

/** The rows with an amount, in rupees, as the API takes them. */
export function listsOf(rows: PaymentRows): Lists {
  return {
    delivery_allocations: rows.delivery_allocations
      .filter((r) => paiseOf(r.amount) > 0)
      .map((r) => ({ delivery: r.delivery, amount: money(r.amount) })),
    service_booking_allocations: rows.service_booking_allocations
      .filter((r) => paiseOf(r.amount) > 0)
      .map((r) => ({ service_booking: r.service_booking, amount: money(r.amount) })),
    credit_note_allocations: rows.credit_note_allocations
      .filter((r) => paiseOf(r.amount) > 0)
      .map((r) => ({ credit_note: r.credit_note, amount: money(r.amount) })),
  };
}

/** The account that pays: only when the credit notes leave something to pay. */
const payingAccount = (values: PaymentFormValues) =>
  summarize(values).account > 0 && values.account ? values.account : null;

export function createBody(values: PaymentFormValues): PaymentCreate {
  return {
    vendor: values.vendor,
    account: payingAccount(values),
    amount: money(values.amount),
    payment_date: values.payment_date,
    reference: values.reference.trim() || null,
    notes: values.notes.trim() || null,
    ...listsOf(values),
  };
}

const sameList = (a: readonly object[], b: readonly object[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * PATCH body of an edit: only what changed. A change of money (amount, account, any list) sends
 * the amount and the paying account with it, so the server re-plans the whole payment.
 */
export function updateBody(values: PaymentFormValues, initial: PaymentFormValues): PaymentUpdate {
  const out: PaymentUpdate = {};
  if (values.payment_date !== initial.payment_date) out.payment_date = values.payment_date;
  if (values.reference.trim() !== initial.reference.trim())
    out.reference = values.reference.trim() || null;
  if (values.notes.trim() !== initial.notes.trim()) out.notes = values.notes.trim() || null;
  const now = listsOf(values);
  const before = listsOf(initial);
  const changedLists = (Object.keys(now) as (keyof Lists)[]).filter(
    (key) => !sameList(now[key], before[key]),
  );
  const moneyChanged =
    paiseOf(values.amount) !== paiseOf(initial.amount) ||
    payingAccount(values) !== payingAccount(initial) ||
    changedLists.length > 0;
  if (!moneyChanged) return out;
  out.amount = money(values.amount);
  out.account = payingAccount(values);
  for (const key of changedLists) Object.assign(out, { [key]: now[key] });
  return out;
}

/** What a recorded payment's edit starts from: its fields and the amounts of its rows. */
export function paymentStartValues(payment: Payment): {
  values: PaymentFormValues;
  amounts: RowAmounts;
} {
  const amounts: RowAmounts = {};
  for (const a of payment.payment_allocations) {
    const key = a.delivery
      ? payableKey('delivery', a.delivery)
      : payableKey('booking', a.service_booking ?? '');
    amounts[key] = inputOf(paiseOf(amounts[key] ?? '') + toPaise(a.allocated_amount));
  }
  for (const u of payment.credit_note_usage)
    amounts[u.credit_note] = inputOf(
      paiseOf(amounts[u.credit_note] ?? '') + toPaise(u.used_amount),
    );
  return {
    values: {
      vendor: payment.vendor,
      amount: inputOf(toPaise(payment.amount)),
      account: payment.account ?? '',
      payment_date: payment.payment_date,
      reference: payment.reference ?? '',
      notes: payment.notes ?? '',
      delivery_allocations: payment.payment_allocations
        .filter((a) => a.delivery)
        .map((a) => ({ delivery: a.delivery ?? '', amount: inputOf(toPaise(a.allocated_amount)) })),
      service_booking_allocations: payment.payment_allocations
        .filter((a) => a.service_booking)
        .map((a) => ({
          service_booking: a.service_booking ?? '',
          amount: inputOf(toPaise(a.allocated_amount)),
        })),
      credit_note_allocations: payment.credit_note_usage.map((u) => ({
        credit_note: u.credit_note,
        amount: inputOf(toPaise(u.used_amount)),
      })),
    },
    amounts,
  };
}

/** The payment's unallocated remainder (paise): its advance to the vendor. */
export const remainderOf = (payment: Payment) =>
  Math.max(0, toPaise(payment.amount) - toPaise(payment.allocated_amount));
