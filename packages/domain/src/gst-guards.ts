/**
 * Pure rules of issue 40 item 7 ("missing guards"):
 * - a supplier invoice is identified, as GSTR-2B identifies it, by the supplier's GSTIN, its
 *   number (compared trimmed and case-insensitively) and the financial year (April–March) of its
 *   date: the same key twice is a duplicate;
 * - a return credits goods at most at the rate they were bought at (a price difference is a
 *   separate debit note).
 */

/** The comparable form of a supplier invoice number: trimmed, lower-case; blank → null. */
export function supplierInvoiceKey(number: string | null | undefined): string | null {
  const key = (number ?? '').trim().toLowerCase();
  return key === '' ? null : key;
}

/** First and last day (YYYY-MM-DD) of the financial year (April–March) a business date is in. */
export function financialYearBounds(date: string): { from: string; to: string } {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

/** True when a return line's rate (paise per unit) is above the delivery line's unit price. */
export function returnRateAbovePurchase(returnRate: number, unitPrice: number): boolean {
  return returnRate > unitPrice;
}
