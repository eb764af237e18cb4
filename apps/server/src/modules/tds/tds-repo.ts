import { siteCondition } from '../../db/site-scope.js';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { isPostgres } from '../../db/locking.js';

/** The tables whose rows are TDS credits (API.md "TDS" → Credits). */
export type CreditTable =
  'deliveries' | 'service_bookings' | 'ra_bills' | 'payments' | 'wage_sheets';

/** One credit of a deductee as the recompute reads it (paise; rate in hundredths). */
export interface CreditRow {
  table: CreditTable;
  id: string;
  site_id: string;
  vendor: string;
  date: string;
  created: string;
  section: string;
  base: number;
  tds_rate: number | null;
  tds_amount: number;
  tds_carried: number;
  paid_amount: number;
}

export interface DeducteeVendor {
  id: string;
  site_id: string;
  pan: string | null;
  tds_194c6: number;
}

export function findVendor(db: Executor, siteId: string, id: string) {
  return db
    .selectFrom('vendors')
    .select(['id', 'site_id', 'pan', 'tds_194c6', 'tds_section'])
    .where(siteCondition('vendors', 'vendors.site_id', siteId))
    .where('id', '=', id)
    .executeTakeFirst();
}

export { deductorSites } from '../../db/tds-deductor.js';

/** The vendor records of the deductee: those with its PAN on the deductor's sites, or itself. */
export async function deducteeVendors(
  db: Executor,
  sites: readonly string[],
  vendor: DeducteeVendor,
): Promise<string[]> {
  if (!vendor.pan) return [vendor.id];
  const rows = await db
    .selectFrom('vendors')
    .select('id')
    .where('site_id', 'in', [...sites])
    .where('pan', '=', vendor.pan)
    .execute();
  return [...new Set([vendor.id, ...rows.map((r) => r.id)])];
}

/**
 * Serializes recomputes of one deductee on PostgreSQL (a transaction-scoped advisory lock on its
 * key), so two writes at once cannot both catch up the same untaxed credits. SQLite writers are
 * serial already.
 */
export async function lockDeductee(db: Executor, key: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`tds:${key}`}))`.execute(db);
}

/**
 * Every credit under a section of the given vendor records dated from..to (inclusive): deliveries
 * (base: the taxable items total), bookings not cancelled (their taxable total), RA bills (their
 * stored base, gross less the advance recovered; retention releases are no credit), work-order
 * advances (the payment's amount) and labour contractors' wage sheets (their gross, dated the
 * period's end).
 */
export async function creditsOf(
  db: Executor,
  vendors: readonly string[],
  from: string,
  to: string,
): Promise<CreditRow[]> {
  if (vendors.length === 0) return [];
  const ids = [...vendors];
  const [deliveries, bookings, bills, advances, sheets] = await Promise.all([
    db
      .selectFrom('deliveries')
      .select([
        'id',
        'site_id',
        'vendor',
        'delivery_date as date',
        'created',
        'tds_section',
        'items_total as base',
        'tds_rate',
        'tds_amount',
        'tds_carried',
        'paid_amount',
      ])
      .where('vendor', 'in', ids)
      .where('tds_section', 'is not', null)
      .where('delivery_date', '>=', from)
      .where('delivery_date', '<=', to)
      .execute(),
    db
      .selectFrom('service_bookings')
      .select([
        'id',
        'site_id',
        'vendor',
        'start_date as date',
        'created',
        'tds_section',
        'total_amount as base',
        'tds_rate',
        'tds_amount',
        'tds_carried',
        'paid_amount',
      ])
      .where('vendor', 'in', ids)
      .where('tds_section', 'is not', null)
      .where('status', '<>', 'cancelled')
      .where('start_date', '>=', from)
      .where('start_date', '<=', to)
      .execute(),
    db
      .selectFrom('ra_bills')
      .select([
        'id',
        'site_id',
        'vendor',
        'bill_date as date',
        'created',
        'tds_section',
        'tds_base as base',
        'tds_rate',
        'tds_amount',
        'tds_carried',
        'paid_amount',
      ])
      .where('vendor', 'in', ids)
      .where('kind', '=', 'bill')
      .where('tds_section', 'is not', null)
      .where('bill_date', '>=', from)
      .where('bill_date', '<=', to)
      .execute(),
    db
      .selectFrom('payments')
      .select([
        'id',
        'site_id',
        'vendor',
        'payment_date as date',
        'created',
        'tds_section',
        'amount as base',
        'tds_rate',
        'tds_amount',
        'tds_carried',
        'amount as paid_amount',
      ])
      .where('vendor', 'in', ids)
      .where('work_order', 'is not', null)
      .where('tds_section', 'is not', null)
      .where('payment_date', '>=', from)
      .where('payment_date', '<=', to)
      .execute(),
    db
      .selectFrom('wage_sheets')
      .select([
        'id',
        'site_id',
        'labour_contractor as vendor',
        'period_to as date',
        'created',
        'tds_section',
        'tds_base as base',
        'tds_rate',
        'tds_amount',
        'tds_carried',
        'paid_amount',
      ])
      .where('labour_contractor', 'in', ids)
      .where('tds_section', 'is not', null)
      .where('period_to', '>=', from)
      .where('period_to', '<=', to)
      .execute(),
  ]);
  const tag = (table: CreditTable, rows: typeof deliveries): CreditRow[] =>
    rows.map((r) => ({
      table,
      id: r.id,
      site_id: r.site_id,
      vendor: r.vendor,
      date: r.date,
      created: r.created,
      section: r.tds_section!,
      base: Number(r.base),
      tds_rate: r.tds_rate === null ? null : Number(r.tds_rate),
      tds_amount: Number(r.tds_amount),
      tds_carried: Number(r.tds_carried),
      paid_amount: Number(r.paid_amount),
    }));
  return [
    ...tag('deliveries', deliveries),
    ...tag('service_bookings', bookings),
    ...tag('ra_bills', bills),
    ...tag('payments', advances),
    ...tag(
      'wage_sheets',
      sheets.map((r) => ({ ...r, vendor: r.vendor! })),
    ),
  ];
}

/** Section|month keys whose TDS a challan of the deductor's sites has deposited. */
export async function depositedMonths(
  db: Executor,
  sites: readonly string[],
  from: string,
  to: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('tds_challans')
    .select(['section', 'month'])
    .where('site_id', 'in', [...sites])
    .where('month', '>=', from.slice(0, 7))
    .where('month', '<=', to.slice(0, 7))
    .execute();
  return new Set(rows.map((r) => `${r.section}|${r.month}`));
}

export interface TdsWrite {
  table: CreditTable;
  id: string;
  tds_base: number;
  tds_rate: number | null;
  tds_amount: number;
  tds_carried: number;
}

/** Writes a credit's recomputed TDS (an RA bill's net payable follows its TDS). */
export async function writeTds(db: Executor, write: TdsWrite, now: string): Promise<void> {
  const figures = {
    tds_rate: write.tds_rate,
    tds_amount: write.tds_amount,
    tds_carried: write.tds_carried,
    updated: now,
  };
  if (write.table === 'ra_bills') {
    // An RA bill keeps its base (gross less the advance it recovers); its net follows the TDS.
    await db
      .updateTable('ra_bills')
      .set({
        ...figures,
        net_payable: sql<number>`gross_amount + cgst_amount + sgst_amount + igst_amount
          - retention_amount - advance_recovery - ${write.tds_amount}`,
      })
      .where('id', '=', write.id)
      .execute();
    return;
  }
  // Deliveries, bookings, payments and wage sheets carry the same TDS columns (0026, 0029).
  await db
    .updateTable(write.table as 'deliveries')
    .set({ ...figures, tds_base: write.tds_base })
    .where('id', '=', write.id)
    .execute();
}

/** A credit taken out of TDS (its section set to null, or its vendor's): no TDS on it. */
export async function clearTds(db: Executor, table: CreditTable, id: string, now: string) {
  await writeTds(
    db,
    { table, id, tds_base: 0, tds_rate: null, tds_amount: 0, tds_carried: 0 },
    now,
  );
}
