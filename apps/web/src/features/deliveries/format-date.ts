import { formatBusinessDate } from '../../lib/dates';

/** A business date (YYYY-MM-DD) for people: "2 Jun 2025" / "2 जून 2025"; '' stays ''. */
export const formatDeliveryDate = (iso: string, language: string): string =>
  formatBusinessDate(iso, language);
