import { formatBusinessDate } from '../../lib/dates';
/** Small display helpers for vendor screens. */

/** A business date (YYYY-MM-DD) as "2 Jun 2025" (or its Hindi form). */
export const formatDay = formatBusinessDate;

/** `tel:` link for a phone number as typed ("+91 98450 12345" → "tel:+919845012345"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** True for a stored file the browser should download rather than show as an image. */
export function isPdf(name: string): boolean {
  return name.toLowerCase().endsWith('.pdf');
}
