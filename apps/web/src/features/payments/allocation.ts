import { toPaise, type VendorPayables } from '@siteledger/domain';
import { parseDecimalInput } from '../../components/ui/money-field';

/** An open delivery or booking the payment may settle, in the order the form suggests. */
export interface Payable {
  /** `d:<id>` for a delivery, `b:<id>` for a booking. */
  key: string;
  kind: 'delivery' | 'booking';
  id: string;
  date: string;
  label: string | null;
  total: number;
  paid: number;
  due: number;
}

/** Deliveries and bookings together, oldest first (deliveries first on the same day). */
export function payablesOf(data: VendorPayables | undefined): Payable[] {
  if (!data) return [];
  const deliveries: Payable[] = data.deliveries.map((d) => ({
    key: `d:${d.id}`,
    kind: 'delivery',
    id: d.id,
    date: d.delivery_date,
    label: d.delivery_reference,
    total: d.total_amount,
    paid: d.paid_amount,
    due: d.due,
  }));
  const bookings: Payable[] = data.service_bookings.map((b) => ({
    key: `b:${b.id}`,
    kind: 'booking',
    id: b.id,
    date: b.start_date,
    label: b.service_name,
    total: b.total_amount,
    paid: b.paid_amount,
    due: b.due,
  }));
  return [...deliveries, ...bookings].sort((a, b) => a.date.localeCompare(b.date));
}

/** Paise of a typed amount; empty or invalid → 0. */
export function paiseOf(text: string): number {
  const value = parseDecimalInput(text);
  return value === undefined || !Number.isFinite(value) || value < 0 ? 0 : toPaise(value);
}

/** Paise → the text a money input shows ("1234.5"); 0 → ''. */
export function inputOf(paise: number): string {
  if (paise <= 0) return '';
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`;
}

/** Fills `entries` in order, each up to its cap, until `paise` runs out. */
export function fillOldestFirst(
  entries: readonly { key: string; cap: number }[],
  paise: number,
): Record<string, string> {
  let left = Math.max(0, paise);
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const take = Math.min(left, toPaise(entry.cap));
    out[entry.key] = inputOf(take);
    left -= take;
  }
  return out;
}

export interface PaymentSummary {
  amount: number;
  credit: number;
  account: number;
  allocated: number;
  unallocated: number;
}

/** The live summary, all in paise. */
export function summarize(
  amount: string,
  credits: Record<string, string>,
  allocations: Record<string, string>,
): PaymentSummary {
  const amountP = paiseOf(amount);
  const credit = Object.values(credits).reduce((sum, v) => sum + paiseOf(v), 0);
  const allocated = Object.values(allocations).reduce((sum, v) => sum + paiseOf(v), 0);
  return {
    amount: amountP,
    credit,
    account: amountP - credit,
    allocated,
    unallocated: amountP - allocated,
  };
}

export type CreditProblem =
  | { kind: 'older_first'; note: string }
  | { kind: 'account_before_credit'; note: string }
  | { kind: 'over_balance'; note: string }
  | { kind: 'exceeds_amount' };

/**
 * The server's credit-note rules, checked before sending: a note never above its balance, older
 * notes fully used before a newer one, and the account pays only once every usable note is used.
 */
export function creditProblem(
  notes: VendorPayables['credit_notes'],
  credits: Record<string, string>,
  summary: PaymentSummary,
): CreditProblem | null {
  if (summary.credit > summary.amount) return { kind: 'exceeds_amount' };
  let firstPartial: string | null = null;
  for (const note of notes) {
    const used = paiseOf(credits[note.id] ?? '');
    const balance = toPaise(note.balance);
    if (used > balance) return { kind: 'over_balance', note: note.id };
    if (used > 0 && firstPartial) return { kind: 'older_first', note: firstPartial };
    if (used < balance && !firstPartial) firstPartial = note.id;
  }
  if (summary.account > 0 && firstPartial) {
    return { kind: 'account_before_credit', note: firstPartial };
  }
  return null;
}
