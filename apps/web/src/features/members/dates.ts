/**
 * Timestamps (ISO-8601) shown in the user's language. Features do not import each other, so
 * members, invites and sites each keep this small copy.
 */
import { format, isValid, parseISO } from 'date-fns';
import { enIN } from 'date-fns/locale/en-IN';
import { hi } from 'date-fns/locale/hi';

export const DATE = 'dd MMM yyyy';
export const DATE_TIME = 'dd MMM yyyy, h:mm a';

/** '2026-11-29T02:18:04Z' → "29 Nov 2026"; the raw text when it is not a date. */
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
