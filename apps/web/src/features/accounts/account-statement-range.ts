/** Date ranges offered by the account statement dialog (all YYYY-MM-DD, inclusive). */

export interface DateRange {
  from: string;
  to: string;
}

export type RangePreset = 'thisMonth' | 'lastMonth' | 'thisYear';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** `today` as YYYY-MM-DD → its year, month (1–12) and day. */
function parts(today: string): [number, number, number] {
  const [year = 1970, month = 1, day = 1] = today.split('-').map(Number);
  return [year, month, day];
}

/**
 * This month (1st to today), last month (whole), this financial year (1 April to today: Indian
 * books run April to March).
 */
export function presetRange(preset: RangePreset, today: string): DateRange {
  const [year, month] = parts(today);
  if (preset === 'thisMonth') return { from: iso(year, month, 1), to: today };
  if (preset === 'lastMonth') {
    const y = month === 1 ? year - 1 : year;
    const m = month === 1 ? 12 : month - 1;
    const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return { from: iso(y, m, 1), to: iso(y, m, lastDay) };
  }
  const startYear = month >= 4 ? year : year - 1;
  return { from: iso(startYear, 4, 1), to: today };
}

/** True when both dates are set and the start is not after the end. */
export function isValidRange(range: DateRange): boolean {
  return Boolean(range.from && range.to && range.from <= range.to);
}
