import { z } from 'zod';
import { zTdsFigures } from './tds.js';
import { zLine, zMultiline } from '../text.js';
import { zBusinessDate, zId, zListQuery, zPositiveRupees } from './common.js';
import { zRefDelivery, zRefVendor } from './deliveries.js';

export const ALLOCATION_STATES = ['unallocated', 'partially_allocated', 'fully_allocated'] as const;
export type AllocationStateValue = (typeof ALLOCATION_STATES)[number];

/** Most allocations of each kind one payment may carry. */
export const MAX_PAYMENT_ALLOCATIONS = 500;
/** Most credit notes one payment may use. */
export const MAX_PAYMENT_CREDIT_NOTES = 100;

const optionalText = (max: number) =>
  (max >= 500 ? zMultiline(max) : zLine(max)).optional().nullable();

export const zDeliveryAllocationInput = z.object({ delivery: zId, amount: zPositiveRupees });
export type DeliveryAllocationInput = z.infer<typeof zDeliveryAllocationInput>;

export const zBookingAllocationInput = z.object({
  service_booking: zId,
  amount: zPositiveRupees,
});
export type BookingAllocationInput = z.infer<typeof zBookingAllocationInput>;

export const zCreditNoteAllocationInput = z.object({ credit_note: zId, amount: zPositiveRupees });
export type CreditNoteAllocationInput = z.infer<typeof zCreditNoteAllocationInput>;

/** Flags a record named twice in one list (one allocation row per target; one usage per note). */
function noDuplicates<T>(
  list: readonly T[] | undefined,
  key: (entry: T) => string,
  path: string,
  field: string,
  ctx: z.RefinementCtx,
): void {
  const seen = new Set<string>();
  list?.forEach((entry, index) => {
    const id = key(entry);
    if (seen.has(id)) {
      ctx.addIssue({
        code: 'custom',
        path: [path, index, field],
        message: 'Listed twice: send one entry with the whole amount',
      });
    }
    seen.add(id);
  });
}

/** The three allocation lists and the balance-adjustment flag, as create and edit send them. */
const allocationLists = {
  delivery_allocations: z.array(zDeliveryAllocationInput).max(MAX_PAYMENT_ALLOCATIONS).optional(),
  service_booking_allocations: z
    .array(zBookingAllocationInput)
    .max(MAX_PAYMENT_ALLOCATIONS)
    .optional(),
  credit_note_allocations: z
    .array(zCreditNoteAllocationInput)
    .max(MAX_PAYMENT_CREDIT_NOTES)
    .optional(),
  allowBalanceAdjustment: z.boolean().optional(),
  /** API.md "Work orders and RA bills": what the payment pays of RA bills. */
  ra_bill_allocations: z
    .array(z.object({ ra_bill: zId, amount: zPositiveRupees }))
    .max(MAX_PAYMENT_ALLOCATIONS)
    .optional(),
  /** API.md "Labour": what the payment pays of a labour contractor's wage sheets. */
  wage_sheet_allocations: z
    .array(z.object({ wage_sheet: zId, amount: zPositiveRupees }))
    .max(MAX_PAYMENT_ALLOCATIONS)
    .optional(),
};

/** One allocation row per delivery or booking and one usage per credit note. */
function oneEntryPerRecord(
  input: {
    delivery_allocations?: DeliveryAllocationInput[] | undefined;
    service_booking_allocations?: BookingAllocationInput[] | undefined;
    credit_note_allocations?: CreditNoteAllocationInput[] | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  noDuplicates(
    input.delivery_allocations,
    (a) => a.delivery,
    'delivery_allocations',
    'delivery',
    ctx,
  );
  noDuplicates(
    input.service_booking_allocations,
    (a) => a.service_booking,
    'service_booking_allocations',
    'service_booking',
    ctx,
  );
  noDuplicates(
    input.credit_note_allocations,
    (a) => a.credit_note,
    'credit_note_allocations',
    'credit_note',
    ctx,
  );
}

/**
 * POST …/payments (API.md "Payments"). Amounts are rupees. The server checks, in one transaction:
 * credit notes ≤ amount (400 CREDIT_NOTES_EXCEED_AMOUNT); Σ allocations ≤ amount and each ≤ what
 * its delivery or booking still owes (400 ALLOCATION_EXCEEDS_DUE); an account whenever the credit
 * notes do not cover the amount (400 ACCOUNT_REQUIRED); credit notes used oldest issue date first
 * and all usable ones fully used before an account pays (400 CREDIT_NOTE_PRIORITY); each note's
 * current balance (409 CREDIT_NOTE_BALANCE_CHANGED unless allowBalanceAdjustment, which reduces the
 * note's amount to its balance while the payment amount stays and the account pays the rest).
 * Unknown or other-site/other-vendor vendor, account, deliveries, bookings and credit notes, an
 * expired credit note and a cancelled booking → 400 VALIDATION_FAILED on the field
 * (`delivery_allocations.0.delivery`, `credit_note_allocations.1.credit_note`, …).
 */
export const zPaymentCreate = z
  .object({
    vendor: zId,
    /** Needed exactly when the credit notes do not cover the amount. */
    account: zId.optional().nullable(),
    amount: zPositiveRupees,
    payment_date: zBusinessDate,
    reference: optionalText(120),
    notes: optionalText(2000),
    /** A work order's advance (no allocations with it): TDS is taken at payment. */
    work_order: zId.optional().nullable(),
    ...allocationLists,
  })
  .superRefine(oneEntryPerRecord);
export type PaymentCreate = z.infer<typeof zPaymentCreate>;

/** A field a PATCH may not send: present → 400 VALIDATION_FAILED on that field. */
const zFixed = z
  .undefined({ error: 'The vendor of a payment cannot change: record a new payment instead' })
  .optional();

/**
 * PATCH …/payments/{id} (API.md "Correcting a payment"): amount, account (`null`: none),
 * payment_date, reference, notes and the three allocation lists — a list that is sent replaces
 * that list, `[]` removes it, a list left out stays. The vendor never changes. The edited payment
 * obeys every rule of a new one, judged as if its own earlier allocations and credit-note usage
 * were released first; all of it happens in one transaction or not at all.
 */
export const zPaymentUpdate = z
  .object({
    payment_date: zBusinessDate.optional(),
    reference: optionalText(120),
    notes: optionalText(2000),
    vendor: zFixed,
    account: zId.optional().nullable(),
    amount: zPositiveRupees.optional(),
    ...allocationLists,
  })
  .superRefine(oneEntryPerRecord);
export type PaymentUpdate = z.infer<typeof zPaymentUpdate>;

const zAccountSummary = z.object({ id: z.string(), name: z.string(), type: z.string() });

/** A booking as inlined under `expand.service_booking`. */
export const zRefServiceBooking = z.object({
  id: z.string(),
  vendor: z.string(),
  start_date: z.string(),
  service: z.string(),
  service_name: z.string(),
});
export type RefServiceBooking = z.infer<typeof zRefServiceBooking>;

/** A credit note as inlined under `expand.credit_note`. */
export const zRefCreditNoteUsed = z.object({
  id: z.string(),
  reference: z.string().nullable(),
  issue_date: z.string(),
  expiry_date: z.string().nullable(),
  credit_amount: z.number(),
  balance: z.number(),
  status: z.string(),
});
export type RefCreditNoteUsed = z.infer<typeof zRefCreditNoteUsed>;

/** A payment as inlined under `expand.payment`. */
export const zRefPayment = z.object({
  id: z.string(),
  vendor: z.string(),
  amount: z.number(),
  payment_date: z.string(),
  reference: z.string().nullable(),
});
export type RefPayment = z.infer<typeof zRefPayment>;

export const zPaymentAllocation = z.object({
  id: z.string(),
  site: z.string(),
  payment: z.string(),
  /** Exactly one of delivery and service_booking is set. */
  delivery: z.string().nullable(),
  service_booking: z.string().nullable(),
  allocated_amount: z.number(),
  created: z.string(),
  updated: z.string(),
  expand: z
    .object({
      delivery: zRefDelivery.optional(),
      service_booking: zRefServiceBooking.optional(),
      payment: zRefPayment.optional(),
    })
    .optional(),
});
export type PaymentAllocation = z.infer<typeof zPaymentAllocation>;

export const zCreditNoteUsage = z.object({
  id: z.string(),
  site: z.string(),
  credit_note: z.string(),
  used_amount: z.number(),
  used_date: z.string(),
  payment: z.string().nullable(),
  vendor: z.string(),
  description: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  expand: z
    .object({
      credit_note: zRefCreditNoteUsed.optional(),
      payment: zRefPayment.optional(),
      vendor: zRefVendor.optional(),
    })
    .optional(),
});
export type CreditNoteUsage = z.infer<typeof zCreditNoteUsage>;

export const zPayment = z.object({
  id: z.string(),
  site: z.string(),
  vendor: z.string(),
  /** The account that paid `account_amount`; null when credit notes paid everything. */
  account: z.string().nullable(),
  amount: z.number(),
  payment_date: z.string(),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  allocation_state: z.enum(ALLOCATION_STATES),
  /** Σ allocations to deliveries and bookings. */
  allocated_amount: z.number(),
  /** Σ credit notes used. */
  credit_note_amount: z.number(),
  /** amount − credit_note_amount: what the account paid. */
  account_amount: z.number(),
  /** Ids of the deliveries, bookings and credit notes the payment touches (spec part 3). */
  deliveries: z.array(z.string()),
  service_bookings: z.array(z.string()),
  credit_notes: z.array(z.string()),
  payment_allocations: z.array(zPaymentAllocation),
  credit_note_usage: z.array(zCreditNoteUsage),
  /** The work order this payment is the advance of (API.md), else null. */
  work_order: z.string().nullable(),
  /** What it pays of RA bills. */
  ra_bill_allocations: z.array(z.object({ ra_bill: z.string(), allocated_amount: z.number() })),
  /** What it pays of a labour contractor's wage sheets. */
  wage_sheet_allocations: z.array(
    z.object({ wage_sheet: z.string(), allocated_amount: z.number() }),
  ),
  /** A work-order advance's TDS, taken at payment (the account paid amount − tds_amount). */
  ...zTdsFigures,
  created: z.string(),
  updated: z.string(),
  expand: z
    .object({ vendor: zRefVendor.optional(), account: zAccountSummary.optional() })
    .optional(),
});
export type Payment = z.infer<typeof zPayment>;

/**
 * GET …/payments (canViewFinancials): filters vendor, account, allocation_state; from/to on
 * payment_date; q searches reference and notes; default sort -payment_date. expand: vendor,
 * account, payment_allocations (delivery / booking summaries on each allocation),
 * credit_note_usage (the note on each usage). GET …/payments/{id} takes the same expand.
 */
export const zPaymentListQuery = zListQuery.extend({
  vendor: zId.optional(),
  account: zId.optional(),
  allocation_state: z.enum(ALLOCATION_STATES).optional(),
});
export type PaymentListQuery = z.infer<typeof zPaymentListQuery>;

/**
 * GET …/payment_allocations (read-only): filters payment, delivery, service_booking; default sort
 * -created. expand: payment, delivery, service_booking.
 */
export const zPaymentAllocationListQuery = zListQuery.extend({
  payment: zId.optional(),
  delivery: zId.optional(),
  service_booking: zId.optional(),
});
export type PaymentAllocationListQuery = z.infer<typeof zPaymentAllocationListQuery>;

/**
 * GET …/credit_note_usage (read-only): filters credit_note, payment, vendor; from/to on used_date;
 * default sort -used_date. expand: credit_note, payment, vendor.
 */
export const zCreditNoteUsageListQuery = zListQuery.extend({
  credit_note: zId.optional(),
  payment: zId.optional(),
  vendor: zId.optional(),
});
export type CreditNoteUsageListQuery = z.infer<typeof zCreditNoteUsageListQuery>;

/**
 * GET …/vendors/{id}/payables (canViewFinancials): what the payment form offers for a vendor.
 * Open deliveries (due > 0) oldest delivery_date first, open bookings that are not cancelled
 * oldest start_date first (at most 500 of each; `truncated` says more exist), usable credit notes
 * in the order payments must use them (oldest issue_date first). Totals cover every open item.
 */
export const zVendorPayables = z.object({
  deliveries: z.array(
    z.object({
      id: z.string(),
      delivery_date: z.string(),
      delivery_reference: z.string().nullable(),
      total_amount: z.number(),
      paid_amount: z.number(),
      due: z.number(),
    }),
  ),
  service_bookings: z.array(
    z.object({
      id: z.string(),
      start_date: z.string(),
      service_name: z.string(),
      total_amount: z.number(),
      paid_amount: z.number(),
      due: z.number(),
    }),
  ),
  credit_notes: z.array(
    z.object({
      id: z.string(),
      reference: z.string().nullable(),
      issue_date: z.string(),
      expiry_date: z.string().nullable(),
      balance: z.number(),
    }),
  ),
  /** Σ due over every open delivery and booking of the vendor. */
  total_due: z.number(),
  /** Σ balance of the usable credit notes. */
  credit_balance: z.number(),
  /** True when open deliveries or bookings beyond the first 500 of each were left out. */
  truncated: z.boolean(),
  /** The vendor's advance: Σ unallocated remainders of its payments (see Vendor.advance). */
  advance: z.number(),
  /** The vendor's payments that still have an unallocated remainder, oldest first. */
  advances: z.array(
    z.object({
      payment: z.string(),
      payment_date: z.string(),
      reference: z.string().nullable(),
      amount: z.number(),
      unallocated: z.number(),
    }),
  ),
});
export type VendorPayables = z.infer<typeof zVendorPayables>;

/**
 * `?payment=<id>`: the payables as that payment's edit sees them — as if its own allocations and
 * credit-note usage were released (its deliveries and bookings owe its amounts again, its notes
 * have their used amounts back), the way the server judges the edit (API.md "Correcting a
 * payment").
 */
export const zVendorPayablesQuery = z.object({ payment: zId.optional() });
export type VendorPayablesQuery = z.infer<typeof zVendorPayablesQuery>;

/** One credit note whose balance no longer covers what a payment asked of it (rupees). */
export const zCreditNoteBalanceChange = z.object({
  credit_note: z.string(),
  reference: z.string(),
  requested: z.number(),
  available: z.number(),
  original: z.number(),
  used: z.number(),
});
export type CreditNoteBalanceChange = z.infer<typeof zCreditNoteBalanceChange>;

/**
 * `data` of 409 CREDIT_NOTE_BALANCE_CHANGED (POST and PATCH …/payments): the first changed note
 * in the contract's fields, and every changed note under `changes`.
 */
export const zCreditNoteBalanceChangedData = zCreditNoteBalanceChange.extend({
  changes: z.array(zCreditNoteBalanceChange).optional(),
});
export type CreditNoteBalanceChangedData = z.infer<typeof zCreditNoteBalanceChangedData>;

/**
 * `data` of 400 ALLOCATION_EXCEEDS_DUE: the delivery or booking whose due one allocation passes
 * (with the request field, rupees requested and still due), or — without either — the
 * allocations' total above the payment amount.
 */
export const zAllocationExceedsDueData = z.object({
  delivery: z.string().optional(),
  service_booking: z.string().optional(),
  field: z.string().optional(),
  requested: z.number().optional(),
  due: z.number().optional(),
  allocated: z.number().optional(),
  amount: z.number().optional(),
});
export type AllocationExceedsDueData = z.infer<typeof zAllocationExceedsDueData>;

/** `data` of 400 VALIDATION_FAILED: the field's path (`delivery_allocations.0.amount`) → message. */
export const zFieldErrorsData = z.record(
  z.string(),
  z.looseObject({ code: z.string().optional(), message: z.string() }),
);
export type FieldErrorsData = z.infer<typeof zFieldErrorsData>;
