import { formatBusinessDate } from '../../lib/dates';

/** A business date (YYYY-MM-DD) for people: "2 Jun 2025" / "2 जून 2025"; '' stays ''. */
export const formatBookingDate = (iso: string, language: string): string =>
  formatBusinessDate(iso, language);

/** "3 Jun 2025" for one day, "3 Jun – 5 Jun 2025" for a span; an open end shows the start. */
export function formatDateRange(start: string, end: string | null, language: string): string {
  if (!end || end === start) return formatBookingDate(start, language);
  const to = formatBookingDate(end, language);
  if (start.slice(0, 4) !== end.slice(0, 4)) return `${formatBookingDate(start, language)} – ${to}`;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(start);
  if (!match) return `${start} – ${to}`;
  const from = new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    day: 'numeric',
    month: 'short',
  }).format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return `${from} – ${to}`;
}
