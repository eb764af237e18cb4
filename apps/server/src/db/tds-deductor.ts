import { sql } from 'kysely';
import type { Executor } from './executor.js';

/*
 * The deductor of TDS (API.md "TDS"): the sites sharing a TAN deduct as one, and a challan
 * deposits the deductor's month whichever of its sites recorded it. Read by the TDS module (the
 * recompute, the register's deposits) and the dashboard ("TDS to deposit"), which may not import
 * each other.
 */

/** The sites of one deductor: those sharing the site's TAN, or the site alone without one. */
export async function deductorSites(db: Executor, siteId: string): Promise<string[]> {
  const site = await db
    .selectFrom('sites')
    .select(['tan'])
    .where('id', '=', siteId)
    .executeTakeFirst();
  if (!site?.tan) return [siteId];
  const rows = await db
    .selectFrom('sites')
    .select('id')
    .where('tan', '=', site.tan)
    .where('deleted_at', 'is', null)
    .execute();
  const ids = rows.map((r) => r.id);
  return ids.includes(siteId) ? ids : [...ids, siteId];
}

/** TDS of a section and month on one site (paise). */
export interface MonthTds {
  site_id: string;
  section: string;
  month: string;
  tds: number;
}

const month = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 7)`;

/**
 * TDS deducted per site, section and month on `sites`, over credits dated `from` (inclusive) to
 * `before` (exclusive): deliveries, bookings not cancelled, RA bills, work-order advances and
 * wage sheets (by their period's end), as the register reads them.
 */
export async function tdsByMonth(
  db: Executor,
  sites: readonly string[],
  from: string,
  before: string,
): Promise<MonthTds[]> {
  if (sites.length === 0) return [];
  const among = sql.join(sites);
  const rows = await sql<{ site_id: string; section: string; month: string; tds: number | string }>`
    select site_id, tds_section as section, month, sum(tds_amount) as tds from (
      select site_id, tds_section, ${month('delivery_date')} as month, tds_amount from deliveries
        where site_id in (${among}) and tds_amount <> 0 and delivery_date >= ${from}
          and delivery_date < ${before}
      union all
      select site_id, tds_section, ${month('start_date')}, tds_amount from service_bookings
        where site_id in (${among}) and tds_amount <> 0 and status <> 'cancelled'
          and start_date >= ${from} and start_date < ${before}
      union all
      select site_id, tds_section, ${month('bill_date')}, tds_amount from ra_bills
        where site_id in (${among}) and tds_amount <> 0 and bill_date >= ${from}
          and bill_date < ${before}
      union all
      select site_id, tds_section, ${month('payment_date')}, tds_amount from payments
        where site_id in (${among}) and tds_amount <> 0 and payment_date >= ${from}
          and payment_date < ${before}
      union all
      select site_id, tds_section, ${month('period_to')}, tds_amount from wage_sheets
        where site_id in (${among}) and tds_amount <> 0 and period_to >= ${from}
          and period_to < ${before}
    ) c group by site_id, tds_section, month`.execute(db);
  return rows.rows.map((r) => ({ ...r, tds: Number(r.tds) }));
}

/** Σ challans per `section|month` recorded on `sites`, for months from `fromMonth` (paise). */
export async function challansByMonth(
  db: Executor,
  sites: readonly string[],
  fromMonth: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('tds_challans')
    .select(['section', 'month', sql<number>`sum(amount)`.as('amount')])
    .where('site_id', 'in', sites)
    .where('month', '>=', fromMonth)
    .groupBy(['section', 'month'])
    .execute();
  return new Map(rows.map((r) => [`${r.section}|${r.month}`, Number(r.amount)]));
}

/** The deductor's TDS of each `section|month` (Σ over its sites). */
export function deductorTotals(rows: readonly MonthTds[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.section}|${row.month}`;
    totals.set(key, (totals.get(key) ?? 0) + row.tds);
  }
  return totals;
}

/**
 * What is left to deposit of one site's TDS of a month (paise): the site's share, in proportion
 * to its TDS of the month, of what the deductor's challans leave of it. Which site's part a short
 * challan paid cannot be told; shared this way the sites' figures add up to the TAN's (to the
 * paisa of rounding). A site alone: its TDS less its challans.
 */
export function siteShareLeft(own: number, deductorTds: number, deductorDeposited: number): number {
  const left = deductorTds - deductorDeposited;
  if (own <= 0 || left <= 0 || deductorTds <= 0) return 0;
  return Math.min(own, Math.round((own * left) / deductorTds));
}
