/**
 * The stock reports' choices, kept in the URL so reload and back keep them: which report
 * (`?report=`), the date of "Stock on a date" (`?date=`), the period of the statement and the
 * consumption report (`?from&to`, a whole month by default, as the purchase register's) and how
 * consumption is grouped (`?group=`). The month arithmetic is lib/month-period.ts.
 */
import type { ConsumptionReportRow } from '@siteledger/domain';
import { toPaise } from '@siteledger/domain';
import { isDate, monthOf, type Period } from '../../lib/month-period';

export type { Period };

export const STOCK_REPORTS = ['on-date', 'statement', 'consumption'] as const;
export type StockReportKind = (typeof STOCK_REPORTS)[number];

export const CONSUMPTION_GROUPS = ['work', 'item'] as const;
export type ConsumptionGroup = (typeof CONSUMPTION_GROUPS)[number];

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

export { periodFromSearch } from '../../lib/month-period';

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
