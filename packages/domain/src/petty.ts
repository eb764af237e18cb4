import type { Paise } from './money.js';

/**
 * Petty cash (API.md "Petty cash"): an expense's status on entry, and a GST bill's total split
 * into taxable value and tax. Money paise, rates hundredths of a percent (18 % = 1800).
 */
export const PETTY_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type PettyStatus = (typeof PETTY_STATUSES)[number];

/** Up to this (paise) an expense is approved as entered; above it an owner decides. */
export const DEFAULT_PETTY_APPROVAL_THRESHOLD: Paise = 200_000;
/** The same default as the API and the site form show it (rupees; API.md: 2,000). */
export const DEFAULT_PETTY_APPROVAL_THRESHOLD_RUPEES = 2_000;

export function pettyStatusOnEntry(amount: Paise, threshold: Paise): PettyStatus {
  return amount <= threshold ? 'approved' : 'pending';
}

export interface PettyGst {
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

/**
 * A bill's total at a GST rate: taxable = total × 100 ÷ (100 + rate) to the paisa (half up), the
 * tax is the rest; within a state CGST and SGST in halves (an odd paisa to CGST), across states
 * IGST. The wire bill of API.md: ₹2,360 at 18 % → 2,000 + 180 + 180.
 */
export function pettyGst(total: Paise, rateHundredths: number, sameState: boolean): PettyGst {
  const num = BigInt(total) * 10_000n;
  const den = 10_000n + BigInt(rateHundredths);
  const taxable = Number((num * 2n + den) / (den * 2n));
  const tax = total - taxable;
  if (!sameState) return { taxable, cgst: 0, sgst: 0, igst: tax };
  const cgst = Math.ceil(tax / 2);
  return { taxable, cgst, sgst: tax - cgst, igst: 0 };
}

/**
 * An imprest's figures from its expenses since the last replenishment (paise): balance = level −
 * approved − pending (negative: owed to the holder); replenishment due = approved.
 */
export function imprestBalance(level: Paise, approved: Paise, pending: Paise) {
  return { balance: level - approved - pending, replenishment_due: approved };
}
