import type { TdsSection } from '@siteledger/domain';
import { apiFields } from './record-shape.js';

/** The stored TDS columns of a credit (migration 0026). */
export interface TdsColumns {
  tds_section: string | null;
  tds_base: number;
  tds_rate: number | null;
  tds_amount: number;
}

/** A credit's TDS as API.md "TDS" sends it: section, base and amount in rupees, rate in percent. */
export function tdsFields(
  table: 'deliveries' | 'service_bookings' | 'payments' | 'ra_bills' | 'wage_sheets',
  row: TdsColumns,
) {
  return {
    tds_section: row.tds_section as TdsSection | null,
    ...apiFields(table, row, ['tds_base', 'tds_rate', 'tds_amount']),
  };
}
