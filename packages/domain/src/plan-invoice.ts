/**
 * Tax invoices for plan fees (issue 26). A plan's price is what the card is charged, GST
 * included, so the invoice takes the taxable value back out of it: taxable = total × 100 ÷ 118,
 * rounded to the paisa, and the tax is the rest, split CGST + SGST within the seller's state and
 * IGST across states. Pure, so the server prints and the tests check the same figures.
 */
import { financialYear } from './purchasing.js';

/** GST on the service, in percent (Notification 11/2017-Central Tax (Rate), heading 9983). */
export const PLAN_GST_RATE = 18;
/**
 * SAC 998315, "Hosting and information technology (IT) infrastructure provisioning services"
 * (Scheme of Classification of Services, Annexure to Notification 11/2017-Central Tax (Rate)):
 * software used online as a hosted service. INVOICE_SAC overrides it (README).
 */
export const DEFAULT_PLAN_SAC = '998315';

export interface PlanInvoiceTax {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/**
 * Splits `totalPaise` (GST included) into taxable value and tax. Within one state CGST is half
 * the tax rounded down and SGST the rest, so the four parts always add up to the total.
 */
export function planInvoiceTax(
  totalPaise: number,
  sellerState: string | null,
  buyerState: string | null,
  ratePercent: number = PLAN_GST_RATE,
): PlanInvoiceTax {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) {
    throw new RangeError(`Not an amount: ${totalPaise}`);
  }
  const basis = BigInt(Math.round(ratePercent * 100)) + 10_000n;
  // total × 10000 ÷ (10000 + bp), half away from zero, exactly.
  const taxable = Number((BigInt(totalPaise) * 20_000n + basis) / (2n * basis));
  const tax = totalPaise - taxable;
  // Place of supply: the buyer's state when known, else the seller's (an unregistered buyer).
  const intraState = buyerState === null || sellerState === null || buyerState === sellerState;
  if (intraState) {
    const cgst = Math.floor(tax / 2);
    return { taxable, cgst, sgst: tax - cgst, igst: 0 };
  }
  return { taxable, cgst: 0, sgst: 0, igst: tax };
}

/** The financial year an invoice dated `date` (YYYY-MM-DD) is numbered in: "2026-27". */
export const invoiceFinancialYear = financialYear;

/** `SL/2026-27/000042`: per financial year, consecutive from 1 with no gaps. */
export function planInvoiceNumber(prefix: string, fy: string, sequence: number): string {
  return `${prefix}/${fy}/${String(sequence).padStart(6, '0')}`;
}
