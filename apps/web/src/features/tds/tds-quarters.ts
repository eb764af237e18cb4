/** Financial-year quarters as the 26Q report names them: `2026-27-Q1` is April–June 2026. */
import { financialYearOf } from '@siteledger/domain';

/** The quarter a business date falls in. */
export function quarterOf(date: string): string {
  const month = Number(date.slice(5, 7));
  // April–June Q1 … January–March Q4.
  const quarter = month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4;
  return `${financialYearOf(date)}-Q${quarter}`;
}

/** The quarter of `today` and the `count − 1` before it, newest first. */
export function recentQuarters(today: string, count = 6): string[] {
  const quarters: string[] = [];
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  for (let i = 0; i < count; i++) {
    quarters.push(quarterOf(`${year}-${String(month).padStart(2, '0')}-01`));
    month -= 3;
    if (month < 1) {
      month += 12;
      year -= 1;
    }
  }
  return quarters;
}

/** "Nov 2026" (हिंदी: "नव॰ 2026") for a month of credits, `2026-11`. */
export function monthLabel(month: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}
