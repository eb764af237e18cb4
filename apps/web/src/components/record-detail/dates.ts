/**
 * Business dates (YYYY-MM-DD) for detail pages, in the user's language.
 * (Same file in features/items and features/services: features do not import each other.)
 */
import { format, isValid, parseISO } from 'date-fns';
import { enIN } from 'date-fns/locale/en-IN';
import { hi } from 'date-fns/locale/hi';

/** '2025-06-02' → "02 Jun 2025" (pattern 'dd MMM yy' → "02 Jun 25"); the raw text when invalid. */
export function formatIsoDate(iso: string, language: string, pattern = 'dd MMM yyyy'): string {
  const date = parseISO(iso);
  if (!isValid(date)) return iso;
  return format(date, pattern, { locale: language === 'hi' ? hi : enIN });
}
