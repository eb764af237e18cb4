import { toPaise, type PaymentCreate } from '@siteledger/domain';
import { todayIso } from '../../components/ui/date-field';
import { readBody, type QueueEntry } from '../../lib/offline-queue';
import { entryError } from '../../lib/offline-queue-hooks';
import { inputOf } from './allocation';
import type { BalanceChange } from './balance-changed-alert';
import { paymentFieldErrors } from './payment-errors';

/** What the payment form starts with: blank, or a refused queued payment ("Edit and retry"). */
export interface PaymentStart {
  vendor: string;
  amount: string;
  account: string;
  date: string;
  reference: string;
  notes: string;
  allocs: Record<string, string> | null;
  credits: Record<string, string> | null;
  errors: Record<string, string>;
  changed: { change: BalanceChange; body: PaymentCreate } | null;
}

const money = (rupees: number | undefined) => inputOf(toPaise(rupees ?? 0));

export function paymentStart(queued: QueueEntry | null, vendor: string): PaymentStart {
  if (!queued) {
    return {
      vendor,
      amount: '',
      account: '',
      date: todayIso(),
      reference: '',
      notes: '',
      allocs: null,
      credits: null,
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
  const allocs = Object.fromEntries([
    ...deliveries.map((d) => [`d:${d.id}`, money(d.amount)]),
    ...bookings.map((b) => [`b:${b.id}`, money(b.amount)]),
  ]);
  const error = entryError(queued);
  return {
    vendor: body.vendor,
    amount: money(body.amount),
    account: body.account ?? '',
    date: body.payment_date,
    reference: body.reference ?? '',
    notes: body.notes ?? '',
    allocs: Object.keys(allocs).length > 0 ? allocs : null,
    credits:
      notes.length > 0 ? Object.fromEntries(notes.map((n) => [n.id, money(n.amount)])) : null,
    errors: error?.code === 'VALIDATION_FAILED' ? paymentFieldErrors(error, body) : {},
    changed:
      error?.code === 'CREDIT_NOTE_BALANCE_CHANGED'
        ? { change: error.data as unknown as BalanceChange, body }
        : null,
  };
}
