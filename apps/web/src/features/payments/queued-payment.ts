import {
  toPaise,
  zCreditNoteBalanceChangedData,
  type CreditNoteBalanceChangedData,
  type PaymentCreate,
  type PaymentUpdate,
} from '@siteledger/domain';
import { todayIso } from '../../components/ui/date-field';
import { readBody, type QueueEntry } from '../../lib/offline-queue';
import { entryError } from '../../lib/offline-queue-hooks';
import { inputOf, payableKey } from './allocation';
import { paymentFieldErrors } from './payment-errors';
import type { PaymentFormValues, RowAmounts } from './payment-form-values';

/** A 409 CREDIT_NOTE_BALANCE_CHANGED waiting for the person's answer, with the body it refused. */
export interface BalanceChangedState {
  change: CreditNoteBalanceChangedData;
  body: PaymentCreate | PaymentUpdate;
}

/** The typed `data` of CREDIT_NOTE_BALANCE_CHANGED, or null when it does not have that shape. */
export function balanceChangeOf(data: unknown): CreditNoteBalanceChangedData | null {
  const parsed = zCreditNoteBalanceChangedData.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** What the create form starts with: blank, or a refused queued payment ("Edit and retry"). */
export interface PaymentStart {
  values: PaymentFormValues;
  /** Row amounts to show once the vendor's payables arrive; null: suggest from the amount. */
  amounts: RowAmounts | null;
  manualAllocations: boolean;
  manualCredits: boolean;
  errors: Record<string, string>;
  changed: BalanceChangedState | null;
}

const money = (rupees: number | undefined) => inputOf(toPaise(rupees ?? 0));
const noRows = {
  delivery_allocations: [],
  service_booking_allocations: [],
  credit_note_allocations: [],
};

export function paymentStart(queued: QueueEntry | null, vendor: string): PaymentStart {
  if (!queued) {
    return {
      values: {
        vendor,
        amount: '',
        account: '',
        payment_date: todayIso(),
        reference: '',
        notes: '',
        ...noRows,
      },
      amounts: null,
      manualAllocations: false,
      manualCredits: false,
      errors: {},
      changed: null,
    };
  }
  const read = readBody(queued.body);
  const rows = (key: string, idKey: string) =>
    read.list(key).map((row) => ({ id: row.text(idKey), amount: row.num('amount') ?? 0 }));
  const deliveries = rows('delivery_allocations', 'delivery');
  const bookings = rows('service_booking_allocations', 'service_booking');
  const notes = rows('credit_note_allocations', 'credit_note');
  const body: PaymentCreate = {
    vendor: read.text('vendor'),
    account: read.text('account') || null,
    amount: read.num('amount') ?? 0,
    payment_date: read.text('payment_date') || todayIso(),
    reference: read.text('reference') || null,
    notes: read.text('notes') || null,
    delivery_allocations: deliveries.map((d) => ({ delivery: d.id, amount: d.amount })),
    service_booking_allocations: bookings.map((b) => ({ service_booking: b.id, amount: b.amount })),
    credit_note_allocations: notes.map((n) => ({ credit_note: n.id, amount: n.amount })),
  };
  const amounts: RowAmounts = Object.fromEntries([
    ...deliveries.map((d) => [payableKey('delivery', d.id), money(d.amount)]),
    ...bookings.map((b) => [payableKey('booking', b.id), money(b.amount)]),
    ...notes.map((n) => [n.id, money(n.amount)]),
  ]);
  const error = entryError(queued);
  const change = error?.code === 'CREDIT_NOTE_BALANCE_CHANGED' ? balanceChangeOf(error.data) : null;
  return {
    values: {
      vendor: body.vendor,
      amount: money(body.amount),
      account: body.account ?? '',
      payment_date: body.payment_date,
      reference: body.reference ?? '',
      notes: body.notes ?? '',
      ...noRows,
    },
    amounts,
    manualAllocations: deliveries.length + bookings.length > 0,
    manualCredits: notes.length > 0,
    errors: error?.code === 'VALIDATION_FAILED' ? paymentFieldErrors(error, body) : {},
    changed: change ? { change, body } : null,
  };
}
