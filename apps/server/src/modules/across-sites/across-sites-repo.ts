import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

/** A business's active sites (not deleted), by name. */
export function activeSites(db: Executor, businessId: string) {
  return db
    .selectFrom('sites')
    .select(['id', 'name'])
    .where('business_id', '=', businessId)
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export interface PendingCounts {
  material_requests: number;
  petty_expenses: number;
  ra_bills: number;
  stock_adjustments: number;
}

/**
 * What waits for the owner on each site: material requests submitted (not yet decided), petty
 * expenses and stock counts above the site's thresholds (`pending`), RA bills not yet approved.
 */
export async function pendingCounts(
  db: Executor,
  siteIds: readonly string[],
): Promise<Map<string, PendingCounts>> {
  const out = new Map<string, PendingCounts>(
    siteIds.map((id) => [
      id,
      { material_requests: 0, petty_expenses: 0, ra_bills: 0, stock_adjustments: 0 },
    ]),
  );
  if (siteIds.length === 0) return out;
  const ids = [...siteIds];
  const count = sql<number | string>`count(*)`.as('n');
  const [requests, petty, bills, adjustments] = await Promise.all([
    db
      .selectFrom('material_requests')
      .select(['site_id', count])
      .where('site_id', 'in', ids)
      .where('status', '=', 'submitted')
      .groupBy('site_id')
      .execute(),
    db
      .selectFrom('petty_expenses')
      .select(['site_id', count])
      .where('site_id', 'in', ids)
      .where('status', '=', 'pending')
      .groupBy('site_id')
      .execute(),
    db
      .selectFrom('ra_bills')
      .select(['site_id', count])
      .where('site_id', 'in', ids)
      .where('approved_at', 'is', null)
      .groupBy('site_id')
      .execute(),
    db
      .selectFrom('stock_adjustments')
      .select(['site_id', count])
      .where('site_id', 'in', ids)
      .where('status', '=', 'pending')
      .groupBy('site_id')
      .execute(),
  ]);
  const add = (rows: { site_id: string; n: number | string }[], key: keyof PendingCounts) => {
    for (const row of rows) {
      const counts = out.get(row.site_id);
      if (counts) counts[key] = Number(row.n);
    }
  };
  add(requests, 'material_requests');
  add(petty, 'petty_expenses');
  add(bills, 'ra_bills');
  add(adjustments, 'stock_adjustments');
  return out;
}

/** The sites' accounts with their stored current balances (paise), by account name. */
export function accountsOf(db: Executor, siteIds: readonly string[]) {
  if (siteIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('accounts')
    .select(['id', 'site_id', 'name', 'type', 'bank_name', 'current_balance', 'is_active'])
    .where('site_id', 'in', [...siteIds])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export interface OpenBill {
  site_id: string;
  vendor: string;
  date: string;
  /** Paise still owed. */
  owed: number;
}

/**
 * Every bill of the sites that still owes something, with what it owes exactly as the vendor's
 * `outstanding` sums it (vendors-repo) and the payment form offers it as due (payables-repo,
 * subcontract-payments): a delivery's total less its TDS less what is paid; a booking's (not
 * cancelled) total with GST less its TDS less what is paid; an RA bill's net payable less what is
 * paid; a contractor's wage sheet's net less its TDS less what is paid. Each is dated as its ledger
 * entry is: delivery date, booking start, bill date, the sheet's last day.
 */
export async function openBills(db: Executor, siteIds: readonly string[]): Promise<OpenBill[]> {
  if (siteIds.length === 0) return [];
  const ids = sql`(${sql.join([...siteIds])})`;
  const booked = sql`(b.total_amount + b.cgst_amount + b.sgst_amount + b.igst_amount - b.tds_amount)`;
  const result = await sql<{
    site_id: string;
    vendor: string;
    date: string;
    owed: number | string;
  }>`
    select d.site_id, d.vendor, d.delivery_date as date,
      d.total_amount - d.tds_amount - d.paid_amount as owed
    from deliveries d
    where d.site_id in ${ids} and d.total_amount - d.tds_amount > d.paid_amount
    union all
    select b.site_id, b.vendor, b.start_date, ${booked} - b.paid_amount
    from service_bookings b
    where b.site_id in ${ids} and b.status <> 'cancelled' and ${booked} > b.paid_amount
    union all
    select r.site_id, r.vendor, r.bill_date, r.net_payable - r.paid_amount
    from ra_bills r
    where r.site_id in ${ids} and r.net_payable > r.paid_amount
    union all
    select w.site_id, w.labour_contractor, w.period_to, w.net - w.tds_amount - w.paid_amount
    from wage_sheets w
    where w.site_id in ${ids} and w.labour_contractor is not null
      and w.net - w.tds_amount > w.paid_amount`.execute(db);
  return result.rows.map((row) => ({
    site_id: row.site_id,
    vendor: row.vendor,
    date: row.date,
    owed: Number(row.owed),
  }));
}

/**
 * The (site, vendor) pairs among `siteIds` × `vendorIds` that have a ledger: the site made the
 * vendor, or one of its records names it. A vendor is its business's (issue 47), so one vendor
 * may keep books on several sites.
 */
export async function vendorSitePairs(
  db: Executor,
  siteIds: readonly string[],
  vendorIds: readonly string[],
): Promise<{ site_id: string; vendor: string }[]> {
  if (siteIds.length === 0 || vendorIds.length === 0) return [];
  const sites = sql`(${sql.join([...siteIds])})`;
  const vendors = sql`(${sql.join([...vendorIds])})`;
  const named = (table: string, column = 'vendor') =>
    sql`select t.site_id, ${sql.ref(`t.${column}`)} as vendor from ${sql.table(table)} t
      where t.site_id in ${sites} and ${sql.ref(`t.${column}`)} in ${vendors}`;
  const result = await sql<{ site_id: string; vendor: string }>`
    select v.site_id, v.id as vendor from vendors v
      where v.site_id in ${sites} and v.id in ${vendors}
    union ${named('deliveries')}
    union ${named('service_bookings')}
    union ${named('payments')}
    union ${named('ra_bills')}
    union ${named('work_orders')}
    union ${named('vendor_returns')}
    union ${named('vendor_refunds')}
    union ${named('vendor_credit_notes')}
    union ${named('wage_sheets', 'labour_contractor')}`.execute(db);
  return result.rows;
}
