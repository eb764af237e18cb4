/**
 * Figures of the purchase register for the screen. The API sends rupees; sums are taken in paise so
 * a total never drifts by a paisa from the rows it adds up.
 */
import { sumRupees, type PurchaseRegisterRow, type RateTotals } from '@siteledger/domain';

export const HEADS = ['cgst_amount', 'sgst_amount', 'igst_amount', 'other_tax_amount'] as const;
export type Head = (typeof HEADS)[number];
export const AMOUNTS = ['taxable_amount', ...HEADS] as const;
export type Amount = (typeof AMOUNTS)[number];

type Figures = Pick<RateTotals, Amount>;

/** All the tax of a row or a rate (CGST + SGST + IGST + other), in rupees. */
export function taxOf(figures: Figures): number {
  return sumRupees(HEADS.map((head) => figures[head]));
}

/** The register's grand totals: Σ of every rate's totals. */
export function grandTotals(rates: readonly RateTotals[]): Figures {
  const out = { taxable_amount: 0, cgst_amount: 0, sgst_amount: 0, igst_amount: 0 } as Figures;
  for (const amount of AMOUNTS) {
    out[amount] = sumRupees(rates.map((rate) => rate[amount]));
  }
  return out;
}

/**
 * Where a row opens: a delivery has a page of its own; bookings and returns open from their lists
 * (they show in a dialog there, with no address of their own).
 */
export function rowHref(row: Pick<PurchaseRegisterRow, 'kind' | 'id'>): string {
  if (row.kind === 'delivery') return `/deliveries/${encodeURIComponent(row.id)}`;
  return row.kind === 'booking' ? '/service-bookings' : '/vendor-returns';
}

/** A stable key: a bill has one row per GST rate. */
export function rowKey(row: Pick<PurchaseRegisterRow, 'kind' | 'id' | 'gst_rate'>): string {
  return `${row.kind}-${row.id}-${row.gst_rate ?? 'none'}`;
}
