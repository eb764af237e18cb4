/**
 * How the labour documents write a month, a quantity in thousandths and an amount: the muster
 * roll, the wage register and the slips read the same.
 */
import { formatInr, type Paise } from '@siteledger/domain';
import { quantityText } from '../../../documents/pdf-format.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export interface MonthRange {
  /** YYYY-MM-01. */
  from: string;
  /** The month's last date. */
  to: string;
  /** 28–31. */
  days: number;
}

/** "2026-02" → 2026-02-01 … 2026-02-28, 28 days. The route has checked the format. */
export function monthRange(month: string): MonthRange {
  const [year, mm] = month.split('-').map(Number);
  // Day 0 of the next month is this month's last day (UTC: no time zone can move it).
  const days = new Date(Date.UTC(year ?? 0, mm ?? 1, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(days).padStart(2, '0')}`, days };
}

/** "2026-11" → "November 2026". */
export function monthTitle(month: string): string {
  const [year, mm] = month.split('-');
  return `${MONTHS[Number(mm) - 1] ?? mm} ${year}`;
}

/** Thousandths (man-days, hours) as "13.5", "1,234.25": at most three decimals, never rounded. */
export const milliText = (milli: number) => quantityText(milli / 1000);

/**
 * Paise without the ₹ sign, for a table that says "Amounts in ₹" once (with the sign, ten money
 * columns on one page would all be set smaller); nothing for a zero, as the statements print it.
 */
export const figure = (paise: Paise) => (paise === 0 ? '–' : formatInr(paise).replace('₹', ''));

/** Rows by name as people read them (Latin and Devanagari alike on both databases), then by id. */
export const byName = (a: { name: string; worker: string }, b: { name: string; worker: string }) =>
  a.name.localeCompare(b.name, 'en-IN') || a.worker.localeCompare(b.worker);
