import { z } from 'zod';
import { zDate } from './common.js';

/**
 * Vendor ledger (GET …/vendors/{id}/ledger, canViewFinancials). The running balance is what the
 * site owes the vendor, net of credits:
 * - delivery, service_booking (not cancelled): credit = the amount billed (what we owe rises);
 * - payment: debit = the part an account paid (amount − credit notes used); the credit-note part
 *   settles against the return or credit note that already lowered the balance;
 * - return (approved, completed or refunded): debit = total_return_amount (goods sent back);
 * - refund: credit = refund_amount of a money refund (money came back, so the return no longer
 *   lowers what we owe);
 * - credit_note: debit = credit_amount for a note issued on its own; a note issued for a return is
 *   listed with debit 0 (the return already counted it);
 * - credit_note_expired: credit = the balance a note still had when it lapsed (dated expiry_date,
 *   the last entry of that day): credit the vendor no longer gives is owed again.
 * Entries are ordered by date, then created (then bills, returns, credit notes, refunds, payments
 * for records written at the same moment), then id; `amount` is the record's own figure (a
 * payment's whole amount, a credit note's credit_amount); `reference` is the delivery reference,
 * the booking's service name, the payment, refund or credit-note reference, or a return's reason.
 */
export const LEDGER_ENTRY_TYPES = [
  'delivery',
  'service_booking',
  'payment',
  'return',
  'refund',
  'credit_note',
  'credit_note_expired',
  /** Issue 43: a work order's RA bill (value less retention) or retention release. */
  'ra_bill',
  /** Issue 43: the TDS deducted from a bill, a debit beside it. */
  'tds',
  /** Issue 44: a labour contractor's wage sheet (its net: wages less the advances the site gave). */
  'wage_sheet',
] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

/** Most entries one ledger page carries. */
export const MAX_LEDGER_PAGE = 5000;

/**
 * `from`/`to` bound the entries' dates (opening_balance is the balance before `from`);
 * `page`/`perPage` page them (default 500 a page); `sort=-date` lists newest first.
 */
export const zVendorLedgerQuery = z.object({
  from: zDate.optional(),
  to: zDate.optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(MAX_LEDGER_PAGE).default(500),
  sort: z.enum(['date', '-date']).default('date'),
});
export type VendorLedgerQuery = z.infer<typeof zVendorLedgerQuery>;

export const zLedgerEntry = z.object({
  /** Id of the delivery, booking, payment, return, refund or credit note. */
  id: z.string(),
  date: z.string(),
  type: z.enum(LEDGER_ENTRY_TYPES),
  reference: z.string().nullable(),
  debit: z.number(),
  credit: z.number(),
  /** Running balance after this entry, counted from the vendor's first entry. */
  balance: z.number(),
  amount: z.number(),
  /**
   * Issue 40: the supplier's document number — a delivery's or booking's supplier invoice, a
   * return's supplier credit note; null otherwise.
   */
  supplier_invoice_number: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof zLedgerEntry>;

const zStatusFigures = z.object({
  count: z.number(),
  total_amount: z.number(),
  paid_amount: z.number(),
  due: z.number(),
});
export type StatusFigures = z.infer<typeof zStatusFigures>;

export const zVendorLedger = z.object({
  /** The vendor's figures over all time (the same as on the vendor record). */
  summary: z.object({
    total_billed: z.number(),
    total_paid: z.number(),
    outstanding: z.number(),
    credit_balance: z.number(),
    /** Σ of the unallocated remainders of the vendor's payments (see Vendor.advance). */
    advance: z.number(),
    /** The running balance after the vendor's last entry. */
    ledger_balance: z.number(),
  }),
  /** Deliveries and bookings (not cancelled) by payment_status. */
  status_breakdown: z.object({
    deliveries: z.object({
      pending: zStatusFigures,
      partial: zStatusFigures,
      paid: zStatusFigures,
    }),
    service_bookings: z.object({
      pending: zStatusFigures,
      partial: zStatusFigures,
      currently_paid_up: zStatusFigures,
      paid: zStatusFigures,
    }),
  }),
  /** Balance before the first entry of the range (0 without `from`). */
  opening_balance: z.number(),
  /** Balance after the last entry of the range. */
  closing_balance: z.number(),
  entries: z.array(zLedgerEntry),
  page: z.number(),
  perPage: z.number(),
  /** Entries in the range. */
  totalItems: z.number(),
  totalPages: z.number(),
});
export type VendorLedger = z.infer<typeof zVendorLedger>;
