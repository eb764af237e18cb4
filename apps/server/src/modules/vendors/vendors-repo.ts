import { financialYearStart } from '@siteledger/domain';
import { sql } from 'kysely';
import type { VendorsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { siteRows } from '../../platform/record-service.js';
import { carriesTag } from '../catalog/tags-repo.js';
import { siteCondition } from '../../db/site-scope.js';

export type VendorRow = VendorsTable;

export type VendorWithFigures = VendorRow & {
  total_billed: number;
  total_paid: number;
  outstanding: number;
  credit_balance: number;
  advance: number;
  tds_deducted: number;
};

/**
 * Vendors with their money figures (paise) on `siteId`, computed in SQL by correlated subqueries
 * so a page of 30 vendors costs 30 index lookups per figure, never a load of every delivery.
 * Cancelled bookings bill nothing; a credit note counts while active, with balance, and not past
 * expiry on `today`. A vendor is its business's (issue 47): each site reads its own figures.
 */
export function selectVendorsWithFigures(db: Executor, today: string, siteId: string) {
  const yearStart = financialYearStart(today);
  return db
    .selectFrom('vendors')
    .selectAll('vendors')
    .select([
      sql<number>`coalesce((select sum(d.total_amount) from deliveries d
        where d.site_id = ${siteId} and d.vendor = vendors.id), 0)
      + coalesce((select sum((b.total_amount + b.cgst_amount + b.sgst_amount + b.igst_amount)) from service_bookings b
        where b.site_id = ${siteId} and b.vendor = vendors.id
          and b.status <> 'cancelled'), 0)
      + coalesce((select sum(r.gross_amount + r.cgst_amount + r.sgst_amount + r.igst_amount)
        from ra_bills r where r.site_id = ${siteId} and r.vendor = vendors.id
          and r.kind = 'bill'), 0)
      + coalesce((select sum(w.net) from wage_sheets w
        where w.site_id = ${siteId} and w.labour_contractor = vendors.id), 0)`.as('total_billed'),
      sql<number>`coalesce((select sum(p.amount) from payments p
        where p.site_id = ${siteId} and p.vendor = vendors.id), 0)`.as('total_paid'),
      // What a bill owes leaves its TDS out (API.md "TDS").
      sql<number>`coalesce((select sum(case when d.total_amount - d.tds_amount > d.paid_amount
          then d.total_amount - d.tds_amount - d.paid_amount else 0 end) from deliveries d
        where d.site_id = ${siteId} and d.vendor = vendors.id), 0)
      + coalesce((select sum(case when (b.total_amount + b.cgst_amount + b.sgst_amount + b.igst_amount - b.tds_amount) > b.paid_amount
          then (b.total_amount + b.cgst_amount + b.sgst_amount + b.igst_amount - b.tds_amount) - b.paid_amount else 0 end) from service_bookings b
        where b.site_id = ${siteId} and b.vendor = vendors.id
          and b.status <> 'cancelled'), 0)
      + coalesce((select sum(case when r.net_payable > r.paid_amount
          then r.net_payable - r.paid_amount else 0 end) from ra_bills r
        where r.site_id = ${siteId} and r.vendor = vendors.id), 0)
      + coalesce((select sum(case when w.net - w.tds_amount > w.paid_amount
          then w.net - w.tds_amount - w.paid_amount else 0 end) from wage_sheets w
        where w.site_id = ${siteId} and w.labour_contractor = vendors.id), 0)`.as('outstanding'),
      sql<number>`coalesce((select sum(c.balance) from vendor_credit_notes c
        where c.site_id = ${siteId} and c.vendor = vendors.id
          and c.status = 'active' and c.balance > 0
          and (c.expiry_date is null or c.expiry_date >= ${today})), 0)`.as('credit_balance'),
      // Advance = Σ (payment − its allocations). Allocations only reach the vendor's own
      // deliveries and bookings, whose paid_amount is Σ of them: paid minus those paid amounts.
      sql<number>`coalesce((select sum(p.amount) from payments p
        where p.site_id = ${siteId} and p.vendor = vendors.id), 0)
      - coalesce((select sum(d.paid_amount) from deliveries d
        where d.site_id = ${siteId} and d.vendor = vendors.id), 0)
      - coalesce((select sum(b.paid_amount) from service_bookings b
        where b.site_id = ${siteId} and b.vendor = vendors.id), 0)
      - coalesce((select sum(r.paid_amount) from ra_bills r
        where r.site_id = ${siteId} and r.vendor = vendors.id), 0)
      - coalesce((select sum(w.paid_amount) from wage_sheets w
        where w.site_id = ${siteId} and w.labour_contractor = vendors.id), 0)
      - coalesce((select sum(p.amount) from payments p
        where p.site_id = ${siteId} and p.vendor = vendors.id
          and p.work_order is not null), 0)`.as('advance'),
      // TDS on the vendor's credits since the financial year began (API.md "TDS").
      sql<number>`coalesce((select sum(d.tds_amount) from deliveries d
        where d.site_id = ${siteId} and d.vendor = vendors.id
          and d.delivery_date >= ${yearStart}), 0)
      + coalesce((select sum(b.tds_amount) from service_bookings b
        where b.site_id = ${siteId} and b.vendor = vendors.id and b.status <> 'cancelled'
          and b.start_date >= ${yearStart}), 0)
      + coalesce((select sum(r.tds_amount) from ra_bills r
        where r.site_id = ${siteId} and r.vendor = vendors.id
          and r.bill_date >= ${yearStart}), 0)
      + coalesce((select sum(p.tds_amount) from payments p
        where p.site_id = ${siteId} and p.vendor = vendors.id
          and p.payment_date >= ${yearStart}), 0)
      + coalesce((select sum(w.tds_amount) from wage_sheets w
        where w.site_id = ${siteId} and w.labour_contractor = vendors.id
          and w.period_to >= ${yearStart}), 0)`.as('tds_deducted'),
    ]);
}

/** The list query: vendors with figures, optionally only those carrying a tag (specialty). */
export function vendorsQuery(
  db: Executor,
  today: string,
  siteId: string,
  filters: { tag?: string | undefined },
) {
  let query = selectVendorsWithFigures(db, today, siteId);
  if (filters.tag) query = query.where(carriesTag('vendor', filters.tag));
  return query;
}

export function findVendor(
  db: Executor,
  siteId: string,
  id: string,
  today: string,
): Promise<VendorWithFigures | undefined> {
  return selectVendorsWithFigures(db, today, siteId)
    .where(siteCondition('vendors', 'vendors.site_id', siteId))
    .where('vendors.id', '=', id)
    .executeTakeFirst();
}

/**
 * The vendor with this GSTIN that another site of `siteId`'s business made (the oldest, if
 * several). A site's own vendors are left out: two vendors of one GSTIN on one site stay what
 * they always were, two records (the spec's rules for a site alone are unchanged).
 */
export function findSiblingVendorByGstin(db: Executor, siteId: string, gstin: string) {
  return db
    .selectFrom('vendors')
    .select('id')
    .where(siteCondition('vendors', 'vendors.site_id', siteId))
    .where('vendors.site_id', '<>', siteId)
    .where('gstin', '=', gstin)
    .orderBy('created')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The vendor's one-row statements; `lockVendor` locks the row for the rest of the transaction on
 * PostgreSQL: a delete then waits for (and sees) a delivery or payment being written for the
 * vendor. SQLite transactions are serial.
 */
export const {
  lock: lockVendor,
  insert: insertVendor,
  update: updateVendor,
  remove: deleteVendor,
} = siteRows('vendors');

/**
 * True when any record names the vendor (money records, quotations, returns), on any site: a
 * vendor is shared by its business's sites (issue 47), so one site's delete must not take away
 * what another site's records name.
 */
export async function vendorIsUsed(db: Executor, _siteId: string, id: string): Promise<boolean> {
  const uses = (table: string) => {
    const column = table === 'wage_sheets' || table === 'workers' ? 'labour_contractor' : 'vendor';
    return sql`exists (select 1 from ${sql.table(table)} t where ${sql.ref(`t.${column}`)} = ${id})`;
  };
  const row = await sql<{ used: number }>`select case when ${sql.join(
    [
      'deliveries',
      'service_bookings',
      'payments',
      'quotations',
      'vendor_returns',
      'vendor_refunds',
      'vendor_credit_notes',
      'credit_note_usage',
      'account_transactions',
      'purchase_orders',
      'work_orders',
      'ra_bills',
      'wage_sheets',
      'workers',
    ].map(uses),
    sql` or `,
  )} then 1 else 0 end as used`.execute(db);
  return Number(row.rows[0]?.used ?? 0) === 1;
}
