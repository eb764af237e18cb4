/**
 * A report's period: a whole calendar month (GST returns are monthly; so are stock statements) or
 * a custom from–to range, both inclusive YYYY-MM-DD. Kept in the URL (`?from&to`) so reload and
 * back keep it. The purchase register and the stock reports read it.
 */

export interface Period {
  from: string;
  to: string;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** Days in a month (1–12), leap years included. */
function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A real calendar date in YYYY-MM-DD form. */
export function isDate(value: string): boolean {
  const match = ISO.exec(value);
  if (!match) return false;
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(Number(match[1]), month);
}

/** The whole month `today` (or any date) falls in. */
export function monthOf(date: string): Period {
  const [year = 1970, month = 1] = date.split('-').map(Number);
  return {
    from: `${year}-${pad(month)}-01`,
    to: `${year}-${pad(month)}-${pad(daysIn(year, month))}`,
  };
}

/** The month `steps` months away from the one `date` falls in (−1: the month before). */
export function shiftMonth(date: string, steps: number): Period {
  const [year = 1970, month = 1] = date.split('-').map(Number);
  const index = year * 12 + (month - 1) + steps;
  return monthOf(`${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`);
}

/** True when the period is exactly one calendar month. */
export function isWholeMonth(period: Period): boolean {
  const month = monthOf(period.from);
  return month.from === period.from && month.to === period.to;
}

/** A usable range: two real dates, the start not after the end. */
export function isValidPeriod(period: Period): boolean {
  return isDate(period.from) && isDate(period.to) && period.from <= period.to;
}

/** The period the URL names, else the current month. */
export function periodFromSearch(search: URLSearchParams, today: string): Period {
  const period = { from: search.get('from') ?? '', to: search.get('to') ?? '' };
  return isValidPeriod(period) ? period : monthOf(today);
}

/** "November 2026" / "नवंबर 2026": a month in the user's language. */
export function monthLabel(period: Period, language: string): string {
  const [year = 1970, month = 1] = period.from.split('-').map(Number);
  return new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}
