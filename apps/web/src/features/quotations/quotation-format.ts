/** Display helpers for quotation screens. */

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** A business date (YYYY-MM-DD) as "2 Jun 2025" (or its Hindi form); the raw text if malformed. */
export function formatDay(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = language === 'hi' ? 'hi-IN' : 'en-IN';
  let formatter = dayFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dayFormatters.set(locale, formatter);
  }
  return formatter.format(date);
}

/** "₹372.50 / bag" pieces: the unit suffix, or '' when the unit is unknown. */
export function perUnit(unit: string | null | undefined): string {
  return unit ? ` / ${unit}` : '';
}
