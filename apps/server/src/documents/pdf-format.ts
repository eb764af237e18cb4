/**
 * How the business documents (purchase order, work order, plan invoice, statements) write a date,
 * an amount in rupees, a quantity and a GST state: one wording for every PDF.
 */
import { formatInr, GST_STATES, toPaise, type GstStateCode } from '@siteledger/domain';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 2026-11-27 → "27 Nov 2026"; anything else is shown as it is. */
export function dateText(date: string | null | undefined): string {
  const [year, month, day] = (date ?? '').split('-');
  const name = MONTHS[Number(month) - 1];
  return year && name && day ? `${day} ${name} ${year}` : (date ?? '');
}

/** Rupees (a float) as "₹1,23,456.50". */
export const inr = (rupees: number) => formatInr(toPaise(rupees));

const quantityFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

/** 1234.5 → "1,234.5": a quantity, at most three decimals. */
export const quantityText = (quantity: number) => quantityFormat.format(quantity);

/** "Maharashtra (27)" for a state code; an unknown code is shown as it is. */
export function stateText(code: string | null | undefined): string | null {
  if (!code) return null;
  const name = GST_STATES[code as GstStateCode] as string | undefined;
  return name ? `${name} (${code})` : code;
}
