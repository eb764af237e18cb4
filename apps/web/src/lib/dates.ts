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
