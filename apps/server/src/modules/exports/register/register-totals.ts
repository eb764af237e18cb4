import { rupees } from '../../../platform/record-shape.js';
import type { Heads } from './register-service.js';

/**
 * Issue 40: the register's invoice value (taxable value + every head + other tax, per row or
 * total) and its grand total over all rates, in paise.
 */
export function invoiceValue(h: Heads): number {
  return h.taxable + h.cgst + h.sgst + h.igst + h.other;
}

export function grandTotal(totals: readonly Heads[]): Heads {
  const sum = { taxable: 0, cgst: 0, sgst: 0, igst: 0, other: 0 };
  for (const t of totals) {
    sum.taxable += t.taxable;
    sum.cgst += t.cgst;
    sum.sgst += t.sgst;
    sum.igst += t.igst;
    sum.other += t.other;
  }
  return sum;
}

/** The amounts of a row, a rate's totals or the grand total, in rupees for the JSON. */
export function rupeeAmounts(h: Heads) {
  return rupees({
    taxable_amount: h.taxable,
    cgst_amount: h.cgst,
    sgst_amount: h.sgst,
    igst_amount: h.igst,
    other_tax_amount: h.other,
    invoice_value: invoiceValue(h),
  });
}
