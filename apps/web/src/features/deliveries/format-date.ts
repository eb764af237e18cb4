import { formatBusinessDate } from '../../lib/dates';

/** A business date (YYYY-MM-DD) for people: "2 Jun 2025" / "2 जून 2025"; '' stays ''. */
export const formatDeliveryDate = (iso: string, language: string): string =>
  formatBusinessDate(iso, language);

/** "INV-88 · 10 Jun 2025": the supplier's invoice number and date, whichever are known. */
export function invoiceText(number: string, date: string): string {
  return [number, date].filter(Boolean).join(' · ');
}
