import { formatInr, toPaise } from '@siteledger/domain';

const formatters = new Map<number, Intl.NumberFormat>();

/**
 * An en-IN number format with at most `decimals` decimals, made on first use: a formatter made
 * when a module loads costs a phone's cold start ~30 ms before the first paint.
 */
export function numberFormat(decimals: number): Intl.NumberFormat {
  let found = formatters.get(decimals);
  if (!found) {
    found = new Intl.NumberFormat('en-IN', { maximumFractionDigits: decimals });
    formatters.set(decimals, found);
  }
  return found;
}

/** Rupees as the API sends them (a JSON number) → ₹1,23,456.78. */
export function formatRupees(rupees: number): string {
  return formatInr(toPaise(Number.isFinite(rupees) ? rupees : 0));
}

/** 12345 → 12,345 (Indian grouping). */
export function formatInteger(value: number): string {
  return numberFormat(0).format(value);
}

/** 12345.5 → 12,345.5 (at most two decimals, Indian grouping). */
export function formatDecimal(value: number): string {
  return numberFormat(2).format(value);
}

/** Up to two initials from a name; 'U' when there is nothing usable. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
  return Array.from(letters).slice(0, 2).join('') || 'U';
}
