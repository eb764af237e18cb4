import { z } from 'zod';
import { zDate } from './common.js';

/** Formats of the purchase register (GET …/reports/purchase-register, API.md "GST"). */
export const PURCHASE_REGISTER_FORMATS = ['json', 'csv', 'pdf', 'xlsx'] as const;
export type PurchaseRegisterFormat = (typeof PURCHASE_REGISTER_FORMATS)[number];

const RANGE_MESSAGE = 'The end date cannot be before the start date';

/**
 * `from`/`to` (inclusive) bound the records' dates (delivery, booking start, return). Without
 * them: the current month up to today.
 */
export const zPurchaseRegisterQuery = z
  .object({
    format: z.enum(PURCHASE_REGISTER_FORMATS).default('json'),
    from: zDate.optional(),
    to: zDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: RANGE_MESSAGE, path: ['to'] });
export type PurchaseRegisterQuery = z.infer<typeof zPurchaseRegisterQuery>;

/** `credit_note` (issue 40): a supplier's GST credit note, negative like a return. */
export const REGISTER_KINDS = [
  'delivery',
  'booking',
  'return',
  'credit_note',
  'petty_expense',
] as const;

const registerAmounts = {
  taxable_amount: z.number(),
  cgst_amount: z.number(),
  sgst_amount: z.number(),
  igst_amount: z.number(),
  /**
   * The single, untyped tax figure of a delivery recorded without line rates (kept as it was
   * typed; 0 otherwise), so the register still adds up to what was billed.
   */
  other_tax_amount: z.number(),
  /** Issue 40: taxable_amount + every head + other_tax_amount (a return's negative). */
  invoice_value: z.number(),
};

/** Amounts in rupees; a return's are negative (it reverses what its delivery charged). */
export const zPurchaseRegisterRow = z.object({
  date: z.string(),
  kind: z.enum(REGISTER_KINDS),
  id: z.string(),
  vendor: z.string(),
  vendor_gstin: z.string().nullable(),
  supplier_invoice_number: z.string().nullable(),
  supplier_invoice_date: z.string().nullable(),
  /** Percent; null for lines without a rate. */
  gst_rate: z.number().nullable(),
  ...registerAmounts,
  /** Under reverse charge (issue 40 item 10): the tax is the site's to pay, not the vendor's. */
  reverse_charge: z.boolean(),
});
export type PurchaseRegisterRow = z.infer<typeof zPurchaseRegisterRow>;

export const zRateTotals = z.object({ gst_rate: z.number().nullable(), ...registerAmounts });
export type RateTotals = z.infer<typeof zRateTotals>;

/**
 * GSTR-3B table 4 as the register's figures fill it: all input tax of the period in 4(A)(5)
 * ("All other ITC"); when the site adds GST to cost (credit blocked by s.17(5)(d)) the same
 * amount is reversed in 4(B)(1), so 4(C), the net credit, is 0; when it claims, 4(C) = 4(A).
 */
const zTaxHeads = z.object({
  integrated_tax: z.number(),
  central_tax: z.number(),
  state_tax: z.number(),
  cess: z.number(),
});
export const zInputTaxSummary = z.object({
  input_tax_mode: z.enum(['cost', 'claim']),
  all_other_itc: zTaxHeads,
  reversed_section_17_5: zTaxHeads,
  net_itc: zTaxHeads,
  /**
   * Issue 40: 4(D)(2), tax whose place of supply is not the site's state (Circular
   * 170/02/2022-GST): reported apart, never in 4(A), so neither in 4(B) nor in 4(C).
   */
  ineligible_pos: zTaxHeads,
  /**
   * 4(A)(3) "Inward supplies liable to reverse charge": the tax the site pays under reverse
   * charge, claimable like any input tax (in cost mode it is reversed in 4(B)(1) with the rest).
   * all_other_itc (4(A)(5)) leaves it out.
   */
  reverse_charge_itc: zTaxHeads,
});
export type InputTaxSummary = z.infer<typeof zInputTaxSummary>;

export const zPurchaseRegister = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(zPurchaseRegisterRow),
  totals_by_rate: z.array(zRateTotals),
  /** Issue 40: Σ of totals_by_rate over every rate. */
  grand_total: z.object(registerAmounts),
  input_tax: zInputTaxSummary,
  /**
   * GSTR-3B 3.1(d) "Inward supplies (liable to reverse charge)": the period's reverse-charge
   * bills (less their returns), taxable value and the tax the site owes on them.
   */
  inward_reverse_charge: zTaxHeads.extend({ taxable_value: z.number() }),
});
export type PurchaseRegister = z.infer<typeof zPurchaseRegister>;
