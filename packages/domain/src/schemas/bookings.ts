import { z } from 'zod';
import { zTdsFigures, zTdsSection } from './tds.js';
import { zGstRate } from '../gst.js';
import { zRecordedTax } from './recorded-tax.js';
import { zReleased, zReleaseOverpayment } from './overpayment.js';
import { zLine, zMultiline } from '../text.js';
import {
  zBusinessDate,
  zId,
  zListQuery,
  zPlannedDate,
  zPositiveRupees,
  zQuantity,
} from './common.js';
import { zRefVendor } from './deliveries.js';

export const BOOKING_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type BookingStatusValue = (typeof BOOKING_STATUSES)[number];

export const BOOKING_PAYMENT_STATUSES = [
  'pending',
  'partial',
  'currently_paid_up',
  'paid',
] as const;
export type BookingPaymentStatusValue = (typeof BOOKING_PAYMENT_STATUSES)[number];

/** The service as inlined under `expand.service`. */
export const zRefService = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  unit: z.string(),
  standard_rate: z.number(),
});
export type RefService = z.infer<typeof zRefService>;

const zPercent = z.number().int('Use a whole number').min(0).max(100);
const zNotes = zMultiline(2000);

const END_BEFORE_START = 'End date cannot be before the start date';

const bookingFields = {
  service: zId,
  vendor: zId,
  start_date: zBusinessDate,
  end_date: zPlannedDate.optional().nullable(),
  /** Quantity of the service's unit (hours, days, …): > 0, at most 3 decimals. */
  duration: zQuantity,
  /** Rupees per unit, > 0 (the form proposes the service's standard_rate). */
  unit_rate: zPositiveRupees,
  percent_completed: zPercent.optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  notes: zNotes.optional().nullable(),
  /** Percent (API.md "GST"); absent on a new booking: the service's default; null: no GST. */
  gst_rate: zGstRate.optional().nullable(),
  /** Reverse charge (issue 40 item 10): the tax is the site's to pay, not owed to the vendor. */
  reverse_charge: z.boolean().optional(),
  /**
   * The supplier's invoice (issue 40): its date is when the booking's credit is claimed (the
   * purchase register lists the booking by it).
   */
  supplier_invoice_number: zLine(60).optional().nullable(),
  supplier_invoice_date: zBusinessDate.optional().nullable(),
  /** API.md "TDS": absent on a new booking: the vendor's section; null: outside TDS. */
  tds_section: zTdsSection.optional().nullable(),
  /** API.md "Budgets": the budget line its cost counts on (issue 45). */
  budget_line: zId.optional().nullable(),
};

/** POST …/service_bookings; total_amount = duration × unit_rate is the server's. */
export const zServiceBookingCreate = z
  .object(bookingFields)
  .refine((b) => !b.end_date || b.end_date >= b.start_date, {
    message: END_BEFORE_START,
    path: ['end_date'],
  });
export type ServiceBookingCreate = z.infer<typeof zServiceBookingCreate>;

/**
 * PATCH …/service_bookings/{id}. The server checks end_date against the stored start_date too.
 * With payments, a change of service, vendor or start_date → 409 BOOKING_HAS_PAYMENTS.
 */
export const zServiceBookingUpdate = z
  .object(bookingFields)
  .partial()
  .extend({ release_overpayment: zReleaseOverpayment })
  .refine((b) => !b.end_date || !b.start_date || b.end_date >= b.start_date, {
    message: END_BEFORE_START,
    path: ['end_date'],
  });
export type ServiceBookingUpdate = z.infer<typeof zServiceBookingUpdate>;

export const zServiceBooking = z.object({
  id: z.string(),
  site: z.string(),
  service: z.string(),
  vendor: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  duration: z.number(),
  unit_rate: z.number(),
  /** duration × unit_rate rounded to the paisa, in rupees: the taxable value. */
  total_amount: z.number(),
  /**
   * GST on the booking (percent, or null) and its heads, split like a delivery line by the
   * vendor's state against the site's. What the booking owes is total_amount plus the heads.
   */
  gst_rate: z.number().nullable(),
  cgst_amount: z.number(),
  sgst_amount: z.number(),
  igst_amount: z.number(),
  ...zRecordedTax.shape,
  /** Under reverse charge the heads above are the site's to pay: the booking owes total_amount. */
  reverse_charge: z.boolean(),
  supplier_invoice_number: z.string().nullable(),
  supplier_invoice_date: z.string().nullable(),
  percent_completed: z.number(),
  status: z.enum(BOOKING_STATUSES),
  notes: z.string().nullable(),
  completion_photos: z.array(z.string()),
  ...zTdsFigures,
  paid_amount: z.number(),
  payment_status: z.enum(BOOKING_PAYMENT_STATUSES),
  /** The budget line it counts on, or null. */
  budget_line: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  expand: z.object({ service: zRefService.optional(), vendor: zRefVendor.optional() }).optional(),
  /** Only in the reply to a PATCH that released an overpayment. */
  released: z.array(zReleased).optional(),
});
export type ServiceBooking = z.infer<typeof zServiceBooking>;

/**
 * GET …/service_bookings: filters service, vendor, status, payment_status; from/to on start_date;
 * q searches notes; default sort -start_date. expand: service, vendor.
 */
export const zServiceBookingListQuery = zListQuery.extend({
  service: zId.optional(),
  vendor: zId.optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  payment_status: z.enum(BOOKING_PAYMENT_STATUSES).optional(),
});
export type ServiceBookingListQuery = z.infer<typeof zServiceBookingListQuery>;
