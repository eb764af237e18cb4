import { BOOKING_STATUSES, type BookingStatusValue } from '@siteledger/domain';
import { todayIso } from '../../components/ui/date-field';
import { readBody, type QueueEntry } from '../../lib/offline-queue';
import type { FieldErrors } from 'react-hook-form';
import { bookingFieldErrors, type BookingFormInput } from './booking-form';

const isStatus = (value: string): value is BookingStatusValue =>
  (BOOKING_STATUSES as readonly string[]).includes(value);

/** A refused queued booking's body back as form values ("Edit and retry"). */
export function queuedBookingValues(queued: QueueEntry): BookingFormInput {
  const body = readBody(queued.body);
  const status = body.text('status');
  return {
    service: body.text('service'),
    vendor: body.text('vendor'),
    start_date: body.text('start_date') || todayIso(),
    end_date: body.text('end_date'),
    duration: body.num('duration'),
    unit_rate: body.num('unit_rate'),
    percent_completed: body.num('percent_completed') ?? 0,
    status: isStatus(status) ? status : 'scheduled',
    notes: body.text('notes'),
    gst_rate: body.num('gst_rate') ?? null,
    reverse_charge: (queued.body as { reverse_charge?: unknown } | null)?.reverse_charge === true,
    supplier_invoice_number: body.text('supplier_invoice_number'),
    supplier_invoice_date: body.text('supplier_invoice_date'),
  };
}

/** A refused queued booking's field errors, as react-hook-form's `errors` option takes them. */
export function queuedBookingErrors(error: unknown): FieldErrors<BookingFormInput> | undefined {
  const pairs = bookingFieldErrors(error);
  if (pairs.length === 0) return undefined;
  return Object.fromEntries(
    pairs.map(([field, message]) => [field, { type: 'server', message }]),
  ) as FieldErrors<BookingFormInput>;
}
