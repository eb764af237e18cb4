/**
 * The stock reports' choices, kept in the URL so reload and back keep them: which report
 * (`?report=`), the date of "Stock on a date" (`?date=`), the period of the statement and the
 * consumption report (`?from&to`, a whole month by default, as the purchase register's) and how
 * consumption is grouped (`?group=`). (The purchase register has the same month arithmetic in
 * features/reports; features do not import each other.)
 */
import type { ConsumptionReportRow } from '@siteledger/domain';
import { toPaise } from '@siteledger/domain';

export interface Period {
  from: string;
  to: string;
}

export const STOCK_REPORTS = ['on-date', 'statement', 'consumption'] as const;
export type StockReportKind = (typeof STOCK_REPORTS)[number];

export const CONSUMPTION_GROUPS = ['work', 'item'] as const;
export type ConsumptionGroup = (typeof CONSUMPTION_GROUPS)[number];

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

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

/** The whole month a date falls in. */
export function monthOf(date: string): Period {
  const [year = 1970, month = 1] = date.split('-').map(Number);
  return {
    from: `${year}-${pad(month)}-01`,
    to: `${year}-${pad(month)}-${pad(daysIn(year, month))}`,
  };
}

/** The month `steps` months away from the one `date` falls in. */
export function shiftMonth(date: string, steps: number): Period {
  const [year = 1970, month = 1] = date.split('-').map(Number);
  const index = year * 12 + (month - 1) + steps;
  return monthOf(`${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`);
}

export function isWholeMonth(period: Period): boolean {
  const month = monthOf(period.from);
  return month.from === period.from && month.to === period.to;
}

export function isValidPeriod(period: Period): boolean {
  return isDate(period.from) && isDate(period.to) && period.from <= period.to;
}

/** "November 2026" / "नवंबर 2026". */
export function monthLabel(period: Period, language: string): string {
  const [year = 1970, month = 1] = period.from.split('-').map(Number);
  return new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** The report the URL names, else stock on a date (the first question: what is on site). */
export function reportFromSearch(search: URLSearchParams): StockReportKind {
  const value = search.get('report');
  return (STOCK_REPORTS as readonly string[]).includes(value ?? '')
    ? (value as StockReportKind)
    : 'on-date';
}

/** The date the URL names, else today; a date after today reads as today (stock is not known yet). */
export function dateFromSearch(search: URLSearchParams, today: string): string {
  const date = search.get('date') ?? '';
  return isDate(date) && date <= today ? date : today;
}

/** The period the URL names, else the current month. */
export function periodFromSearch(search: URLSearchParams, today: string): Period {
  const period = { from: search.get('from') ?? '', to: search.get('to') ?? '' };
  return isValidPeriod(period) ? period : monthOf(today);
}

/** By work (slab, plaster…) unless the URL asks for by item. */
export function groupFromSearch(search: URLSearchParams): ConsumptionGroup {
  return search.get('group') === 'item' ? 'item' : 'work';
}

/**
 * The next URL parameters for a change of one choice: defaults stay out of the address (today,
 * the current month, by work, the first report), the other reports' choices are kept.
 */
export function nextSearch(
  search: URLSearchParams,
  change: { report?: StockReportKind; date?: string; period?: Period; group?: ConsumptionGroup },
  today: string,
): URLSearchParams {
  const next = new URLSearchParams(search);
  const set = (key: string, value: string, fallback: string) => {
    if (value === fallback) next.delete(key);
    else next.set(key, value);
  };
  if (change.report) set('report', change.report, 'on-date');
  if (change.date !== undefined) set('date', change.date, today);
  if (change.group) set('group', change.group, 'work');
  if (change.period) {
    const month = monthOf(today);
    const current = change.period.from === month.from && change.period.to === month.to;
    set('from', current ? '' : change.period.from, '');
    set('to', current ? '' : change.period.to, '');
  }
  return next;
}

export interface WorkGroup {
  /** null: consumption recorded without saying what it was for. */
  work: string | null;
  rows: ConsumptionReportRow[];
  /** Σ value of the rows, in paise (added as paise, never as rupee floats). */
  valuePaise: number;
}

/** Rows grouped by work (as the server orders them, work by work), each with its value. */
export function groupByWork(rows: readonly ConsumptionReportRow[]): WorkGroup[] {
  const groups = new Map<string, WorkGroup>();
  for (const row of rows) {
    const key = row.used_for ?? '\u0000';
    let group = groups.get(key);
    if (!group) {
      group = { work: row.used_for, rows: [], valuePaise: 0 };
      groups.set(key, group);
    }
    group.rows.push(row);
    group.valuePaise += toPaise(row.value);
  }
  // Work that was not named comes last.
  return [...groups.values()].sort((a, b) => Number(a.work === null) - Number(b.work === null));
}
