/** Small display helpers for vendor screens. */

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

/** `tel:` link for a phone number as typed ("+91 98450 12345" → "tel:+919845012345"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** True for a stored file the browser should download rather than show as an image. */
export function isPdf(name: string): boolean {
  return name.toLowerCase().endsWith('.pdf');
}
