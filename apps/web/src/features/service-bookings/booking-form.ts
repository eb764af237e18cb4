/**
 * The booking form's shape and checks. The live total is duration × unit rate rounded to the
 * paisa, computed in integers (toMilli/toPaise/lineTotalPaise); saved bookings show the server's.
 */
import {
  BOOKING_STATUSES,
  lineTotalPaise,
  toMilli,
  toPaise,
  zGstRate,
  zServiceBookingCreate,
  type BookingStatusValue,
  type ServiceBooking,
} from '@siteledger/domain';
import { z } from 'zod';
import { isIsoDate, todayIso } from '../../components/ui/date-field';
import { moneySchema } from '../../components/ui/money-field';
import { quantitySchema } from '../../components/ui/quantity-field';
import { isApiError } from '../../lib/api-client';
import { formText } from '../../lib/form-schema';

export interface BookingFormInput {
  service: string;
  vendor: string;
  start_date: string;
  end_date: string;
  duration?: number | undefined;
  unit_rate?: number | undefined;
  percent_completed?: number | undefined;
  status: BookingStatusValue;
  notes: string;
  /** GST percent; null: no GST. A new booking starts with the chosen service's. */
  gst_rate: number | null;
  /** Reverse charge (issue 40 item 10): the site pays the tax, the vendor is owed the value. */
  reverse_charge?: boolean | undefined;
  /** The supplier's invoice (issue 40): its date is when the input tax is claimed. */
  supplier_invoice_number: string;
  supplier_invoice_date: string;
}

const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** duration × unit rate in paise, or null while either is missing or not positive. */
export function bookingTotalPaise(duration: unknown, unitRate: unknown): number | null {
  if (!isAmount(duration) || !isAmount(unitRate) || duration <= 0 || unitRate <= 0) return null;
  return lineTotalPaise(toMilli(duration), toPaise(unitRate));
}

const date = (message: string) => z.string().refine((v) => v === '' || isIsoDate(v), message);

const percent = z
  .number({ error: 'validation.required' })
  .int('serviceBookings.validation.percentWhole')
  .min(0, 'serviceBookings.validation.percentRange')
  .max(100, 'serviceBookings.validation.percentRange');

export const bookingSchema = z
  .object({
    service: z.string().min(1, 'serviceBookings.validation.serviceRequired'),
    vendor: z.string().min(1, 'serviceBookings.validation.vendorRequired'),
    start_date: date('kit.validation.date').refine((v) => v !== '', 'validation.required'),
    end_date: date('kit.validation.date'),
    duration: quantitySchema(),
    unit_rate: moneySchema({ positive: true }),
    percent_completed: percent,
    status: z.enum(BOOKING_STATUSES),
    notes: formText(zServiceBookingCreate.shape.notes),
    gst_rate: zGstRate.nullable(),
    reverse_charge: z.boolean().optional(),
    supplier_invoice_number: formText(zServiceBookingCreate.shape.supplier_invoice_number),
    supplier_invoice_date: date('kit.validation.date'),
  })
  .refine((b) => !b.end_date || !b.start_date || b.end_date >= b.start_date, {
    path: ['end_date'],
    message: 'serviceBookings.validation.endBeforeStart',
  })
  .refine((b) => (bookingTotalPaise(b.duration, b.unit_rate) ?? 0) > 0, {
    path: ['unit_rate'],
    message: 'serviceBookings.validation.totalPositive',
  });
export type BookingFormValues = z.output<typeof bookingSchema>;

/** A new booking's form (today, scheduled, 0 %), or an existing one's values. */
export function bookingFormDefaults(booking: ServiceBooking | null): BookingFormInput {
  return {
    service: booking?.service ?? '',
    vendor: booking?.vendor ?? '',
    start_date: booking?.start_date ?? todayIso(),
    end_date: booking?.end_date ?? '',
    duration: booking?.duration,
    unit_rate: booking?.unit_rate,
    percent_completed: booking?.percent_completed ?? 0,
    status: booking?.status ?? 'scheduled',
    notes: booking?.notes ?? '',
    gst_rate: booking?.gst_rate ?? null,
    reverse_charge: booking?.reverse_charge ?? false,
    supplier_invoice_number: booking?.supplier_invoice_number ?? '',
    supplier_invoice_date: booking?.supplier_invoice_date ?? '',
  };
}

/**
 * What a save sends: the whole booking for a new one; for an edit, everything but the service,
 * vendor and start date when it has payments (`locked`), since those cannot change then.
 */
export function bookingBodies(values: BookingFormValues, locked: boolean) {
  const common = {
    end_date: values.end_date || null,
    duration: values.duration,
    unit_rate: values.unit_rate,
    percent_completed: values.percent_completed,
    status: values.status,
    notes: values.notes.trim() || null,
    // Always sent, null too: "No GST" must not fall back to the service's default rate.
    gst_rate: values.gst_rate,
    ...(values.reverse_charge === undefined ? {} : { reverse_charge: values.reverse_charge }),
    supplier_invoice_number: values.supplier_invoice_number.trim() || null,
    supplier_invoice_date: values.supplier_invoice_date || null,
  };
  const moving = { service: values.service, vendor: values.vendor, start_date: values.start_date };
  return { create: { ...moving, ...common }, update: locked ? common : { ...moving, ...common } };
}

export const BOOKING_FIELDS = [
  'service',
  'vendor',
  'start_date',
  'end_date',
  'duration',
  'unit_rate',
  'percent_completed',
  'status',
  'notes',
  'gst_rate',
  'reverse_charge',
  'supplier_invoice_number',
  'supplier_invoice_date',
] as const;

/** Field errors of a 400 VALIDATION_FAILED as [field, message] (total → the rate). */
export function bookingFieldErrors(error: unknown): [(typeof BOOKING_FIELDS)[number], string][] {
  if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') return [];
  const out: [(typeof BOOKING_FIELDS)[number], string][] = [];
  for (const [key, entry] of Object.entries(error.data)) {
    const message = (entry as { message?: unknown } | null)?.message;
    if (typeof message !== 'string') continue;
    const field = key === 'total_amount' ? 'unit_rate' : key;
    const known = BOOKING_FIELDS.find((name) => name === field);
    if (known) out.push([known, message]);
  }
  return out;
}
