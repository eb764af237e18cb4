import { formatBusinessDate } from '../../lib/dates';
/** Display helpers for quotation screens. */

/** A business date (YYYY-MM-DD) as "2 Jun 2025" (or its Hindi form). */
export const formatDay = formatBusinessDate;

/** "₹372.50 / bag" pieces: the unit suffix, or '' when the unit is unknown. */
export function perUnit(unit: string | null | undefined): string {
  return unit ? ` / ${unit}` : '';
}
