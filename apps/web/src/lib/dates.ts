import { format, isValid, parseISO } from 'date-fns';
import { enIN } from 'date-fns/locale/en-IN';
import { hi } from 'date-fns/locale/hi';

/** Business dates (YYYY-MM-DD) as people read them, in the user's language. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string): Intl.DateTimeFormat {
  const locale = language === 'hi' ? 'hi-IN' : 'en-IN';
  let found = formatters.get(locale);
  if (!found) {
    // UTC on both sides, so a date never shifts by the browser's time zone.
    found = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    formatters.set(locale, found);
  }
  return found;
}

/** '2025-06-02' → "2 Jun 2025" / "2 जून 2025"; empty stays empty, malformed text is shown as is. */
export function formatBusinessDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? iso : formatter(language).format(date);
}

export const DATE = 'dd MMM yyyy';
export const DATE_TIME = 'dd MMM yyyy, h:mm a';

/**
 * A date or timestamp (ISO-8601) with a date-fns pattern in the user's language:
 * '2026-11-29T02:18:04Z' → "29 Nov 2026"; the raw text when it is not a date.
 */
export function formatTimestamp(iso: string, language: string, pattern = DATE): string {
  const date = parseISO(iso);
  if (!isValid(date)) return iso;
  return format(date, pattern, { locale: language === 'hi' ? hi : enIN });
}

/** Whole days from now until `iso`, rounded up (0 when it is today or past). */
export function daysUntil(iso: string, now = Date.now()): number {
  const ms = Date.parse(iso) - now;
  return Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 86_400_000) : 0;
}
