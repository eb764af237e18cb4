import type { Paise } from '@siteledger/domain';

/** YYYY-MM-DD → DD-MM-YYYY, the way Indian users read dates. */
export function indianDate(date: string): string {
  const [year, month, day] = date.split('-');
  return year && month && day ? `${day}-${month}-${year}` : date;
}

/**
 * Paise as rupees with exactly two decimals and no grouping ("-1234.50"), by integer arithmetic
 * so that no float rounding can move a paisa.
 */
export function plainRupees(paise: Paise): string {
  const whole = Math.round(paise);
  const abs = Math.abs(whole);
  const rupees = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${whole < 0 ? '-' : ''}${rupees}.${rest}`;
}

/** "All dates", "From 01-04-2026", "Up to 31-03-2026" or "01-04-2026 – 30-06-2026". */
export function periodText(from: string | undefined, to: string | undefined): string {
  if (from && to) return `${indianDate(from)} – ${indianDate(to)}`;
  if (from) return `From ${indianDate(from)}`;
  if (to) return `Up to ${indianDate(to)}`;
  return 'All dates';
}
