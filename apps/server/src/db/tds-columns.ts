import { siteCondition } from './site-scope.js';
import { isTdsSection } from '@siteledger/domain';
import type { Executor } from './executor.js';

/**
 * A credit's TDS columns (migration 0026) as a new row starts: outside TDS until the TDS
 * subscriber of the same transaction computes them (modules/tds).
 */
export const NO_TDS = {
  tds_section: null,
  tds_base: 0,
  tds_rate: null,
  tds_amount: 0,
  tds_carried: 0,
} as const;

/**
 * A new or re-vendored credit's section (API.md "TDS"): the one the request names (null: outside
 * TDS, e.g. material bought from a contractor), else its vendor's.
 */
export async function creditSection(
  db: Executor,
  siteId: string,
  vendor: string,
  requested: string | null | undefined,
): Promise<string | null> {
  if (requested !== undefined)
    return requested !== null && isTdsSection(requested) ? requested : null;
  const row = await db
    .selectFrom('vendors')
    .select('tds_section')
    .where(siteCondition('vendors', 'vendors.site_id', siteId))
    .where('id', '=', vendor)
    .executeTakeFirst();
  return row?.tds_section && isTdsSection(row.tds_section) ? row.tds_section : null;
}

/** The TDS columns of a credit as the recompute left them (read back for the reply). */
export function tdsOf(db: Executor, table: 'deliveries' | 'service_bookings', id: string) {
  return db
    .selectFrom(table as 'deliveries')
    .select(['tds_section', 'tds_base', 'tds_rate', 'tds_amount', 'tds_carried', 'payment_status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
