/**
 * Pure geometry for the dashboard's monthly bars: which months are on screen, a round top for the
 * y axis, and month names in the reader's language. No DOM, so it is unit-tested in node.
 */
import type { DashboardMonth } from '@siteledger/domain';

export type MonthRange = '12' | 'all';

/** The months on screen: the newest 12 by default (a five-year site draws 12 bars, not 60). */
export function visibleMonths(months: DashboardMonth[], range: MonthRange): DashboardMonth[] {
  return range === 'all' ? months : months.slice(-12);
}

/** A round axis top (1, 2, 2.5 or 5 × a power of ten per step) and its ticks, from 0. */
export function barScale(months: DashboardMonth[], steps = 4): { max: number; ticks: number[] } {
  const top = Math.max(0, ...months.map((month) => month.deliveries + month.service_bookings));
  if (!(top > 0)) return { max: 1, ticks: [0, 1] };
  const raw = top / steps;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice =
    fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  const step = Math.max(1, nice * power);
  const count = Math.ceil(top / step);
  const ticks = Array.from({ length: count + 1 }, (_, index) => index * step);
  return { max: count * step, ticks };
}

/** Share of the axis (0–1) a value reaches, clamped. */
export const heightShare = (value: number, max: number) =>
  max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;

/** "Mar" / "मार्च" (short) or "March 2025" / "मार्च 2025" (long) for a YYYY-MM month. */
export function monthLabel(month: string, language: string, style: 'short' | 'long'): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    month: style,
    ...(style === 'long' ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(date);
}

/**
 * Which screens label a month: up to 24 bars, laptops label every month and phones every other;
 * more bars, every 6th and every 12th. Counted from the newest, so the current month is labelled.
 */
export function monthLabelShown(index: number, count: number): 'always' | 'wide' | 'never' {
  const [wide, phone] = count > 24 ? [6, 12] : [1, 2];
  const fromNewest = count - 1 - index;
  if (fromNewest % phone === 0) return 'always';
  return fromNewest % wide === 0 ? 'wide' : 'never';
}
