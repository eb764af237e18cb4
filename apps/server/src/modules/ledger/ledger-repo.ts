import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

/** Sorts after every real `created` timestamp: a lapse is the last entry of its day. */
const LAST_OF_DAY = '9999-12-31T23:59:59.999Z';

/**
 * Every ledger entry of one vendor (paise), as one UNION ALL over the vendor's records; the
 * accounting is described in packages/domain/src/schemas/ledger.ts. Each branch walks a
 * (site_id, vendor, …) index, so a vendor with 10 000 deliveries stays a few milliseconds.
 * `rank` orders records written in the same millisecond (a return and its credit note) the way
 * they happen: bills, returns, credit notes, refunds, payments.
 */
function entries(siteId: string, vendor: string, today: string) {
  return sql`
    select d.id, d.delivery_date as date, d.created, 1 as rank, 'delivery' as type,
      d.delivery_reference as reference, 0 as debit, d.total_amount as credit,
      d.total_amount as amount, d.supplier_invoice_number
    from deliveries d where d.site_id = ${siteId} and d.vendor = ${vendor}
    union all
    select b.id, b.start_date, b.created, 2, 'service_booking', s.name, 0,
      (b.total_amount + b.cgst_amount + b.sgst_amount + b.igst_amount), (b.total_amount + b.cgst_amount + b.sgst_amount + b.igst_amount),
      b.supplier_invoice_number
    from service_bookings b join services s on s.id = b.service
    where b.site_id = ${siteId} and b.vendor = ${vendor} and b.status <> 'cancelled'
    union all
    select p.id, p.payment_date, p.created, 6, 'payment', p.reference,
      p.amount - coalesce((select sum(u.used_amount) from credit_note_usage u
        where u.payment = p.id), 0),
      0, p.amount, cast(null as text)
    from payments p where p.site_id = ${siteId} and p.vendor = ${vendor}
    union all
    select r.id, r.return_date, r.created, 3, 'return', r.reason,
      r.total_return_amount + r.cgst_amount + r.sgst_amount + r.igst_amount, 0,
      r.total_return_amount + r.cgst_amount + r.sgst_amount + r.igst_amount,
      r.supplier_credit_note_number
    from vendor_returns r where r.site_id = ${siteId} and r.vendor = ${vendor}
      and r.status in ('approved', 'completed', 'refunded')
    union all
    select f.id, f.refund_date, f.created, 5, 'refund', f.reference, 0,
      case when f.account is null then 0 else f.refund_amount end, f.refund_amount,
      cast(null as text)
    from vendor_refunds f where f.site_id = ${siteId} and f.vendor = ${vendor}
    union all
    select c.id, c.issue_date, c.created, 4, 'credit_note', c.reference,
      case when c.return_id is null then c.credit_amount else 0 end, 0, c.credit_amount,
      cast(null as text)
    from vendor_credit_notes c where c.site_id = ${siteId} and c.vendor = ${vendor}
    union all
    select c.id, c.expiry_date, ${LAST_OF_DAY}, 7, 'credit_note_expired', c.reference, 0, c.balance,
      c.balance, cast(null as text)
    from vendor_credit_notes c where c.site_id = ${siteId} and c.vendor = ${vendor}
      and c.status = 'active' and c.balance > 0 and c.expiry_date < ${today}
    union all
    select r.id, r.bill_date, r.created, 1, 'ra_bill', r.number, 0,
      case when r.kind = 'bill'
        then r.gross_amount + r.cgst_amount + r.sgst_amount + r.igst_amount - r.retention_amount
        else r.net_payable end,
      case when r.kind = 'bill'
        then r.gross_amount + r.cgst_amount + r.sgst_amount + r.igst_amount
        else r.net_payable end,
      r.supplier_invoice_number
    from ra_bills r where r.site_id = ${siteId} and r.vendor = ${vendor}
    union all
    select w.id, w.period_to, w.created, 1, 'wage_sheet', w.number, 0, w.net, w.net,
      cast(null as text)
    from wage_sheets w where w.site_id = ${siteId} and w.labour_contractor = ${vendor}
    union all
    select t.id, t.date, t.created, 8, 'tds', t.reference, t.tds_amount, 0, t.tds_amount,
      cast(null as text)
    from (${tdsCredits(siteId, vendor)}) t`;
}

/**
 * The TDS deducted from the vendor's bills (issue 43): a debit of the vendor beside each bill,
 * after it (rank 8 on the bill's own date and time). A work-order advance's TDS is inside its
 * payment's debit (the payment's amount).
 */
function tdsCredits(siteId: string, vendor: string) {
  return sql`
    select d.id, d.delivery_date as date, d.created, d.delivery_reference as reference, d.tds_amount
    from deliveries d where d.site_id = ${siteId} and d.vendor = ${vendor} and d.tds_amount <> 0
    union all
    select b.id, b.start_date, b.created, cast(null as text), b.tds_amount
    from service_bookings b where b.site_id = ${siteId} and b.vendor = ${vendor}
      and b.status <> 'cancelled' and b.tds_amount <> 0
    union all
    select r.id, r.bill_date, r.created, r.number, r.tds_amount
    from ra_bills r where r.site_id = ${siteId} and r.vendor = ${vendor} and r.tds_amount <> 0
    union all
    select w.id, w.period_to, w.created, w.number, w.tds_amount
    from wage_sheets w where w.site_id = ${siteId} and w.labour_contractor = ${vendor}
      and w.tds_amount <> 0`;
}

export interface LedgerRange {
  /** Inclusive bounds; '' and '9999-12-31' when open. */
  from: string;
  to: string;
}

export interface LedgerTotals {
  opening: number;
  movement: number;
  count: number;
  total: number;
}

/** Balance before the range, movement and entry count inside it, and the all-time balance. */
export async function ledgerTotals(
  db: Executor,
  siteId: string,
  vendor: string,
  today: string,
  range: LedgerRange,
): Promise<LedgerTotals> {
  const result = await sql<Record<keyof LedgerTotals, number | string | null>>`
    select
      coalesce(sum(case when e.date < ${range.from} then e.credit - e.debit else 0 end), 0)
        as opening,
      coalesce(sum(case when e.date >= ${range.from} and e.date <= ${range.to}
        then e.credit - e.debit else 0 end), 0) as movement,
      coalesce(sum(case when e.date >= ${range.from} and e.date <= ${range.to}
        then 1 else 0 end), 0) as count,
      coalesce(sum(e.credit - e.debit), 0) as total
    from (${entries(siteId, vendor, today)}) e`.execute(db);
  const row = result.rows[0];
  return {
    opening: Number(row?.opening ?? 0),
    movement: Number(row?.movement ?? 0),
    count: Number(row?.count ?? 0),
    total: Number(row?.total ?? 0),
  };
}

export interface LedgerRow {
  id: string;
  date: string;
  type: string;
  reference: string | null;
  debit: number;
  credit: number;
  amount: number;
  balance: number;
  supplier_invoice_number: string | null;
}

/**
 * One page of entries in the range, each with the running balance counted from the vendor's
 * first entry (the window runs over every entry; the range and the page are cut after it).
 */
export async function ledgerPage(
  db: Executor,
  siteId: string,
  vendor: string,
  today: string,
  range: LedgerRange,
  page: { limit: number; offset: number; descending: boolean },
): Promise<LedgerRow[]> {
  const direction = sql.raw(page.descending ? 'desc' : 'asc');
  const result = await sql<LedgerRow>`
    select l.id, l.date, l.type, l.reference, l.debit, l.credit, l.amount, l.balance,
      l.supplier_invoice_number
    from (
      select e.*, sum(e.credit - e.debit) over (
        order by e.date, e.created, e.rank, e.id
        rows between unbounded preceding and current row
      ) as balance
      from (${entries(siteId, vendor, today)}) e
    ) l
    where l.date >= ${range.from} and l.date <= ${range.to}
    order by l.date ${direction}, l.created ${direction}, l.rank ${direction}, l.id ${direction}
    limit ${page.limit} offset ${page.offset}`.execute(db);
  return result.rows.map((row) => ({
    ...row,
    debit: Number(row.debit),
    credit: Number(row.credit),
    amount: Number(row.amount),
    balance: Number(row.balance),
  }));
}

export interface StatusRow {
  payment_status: string;
  count: number;
  total_amount: number;
  paid_amount: number;
  due: number;
}

function toStatusRows(rows: Record<keyof StatusRow, number | string>[]): StatusRow[] {
  return rows.map((row) => ({
    payment_status: String(row.payment_status),
    count: Number(row.count),
    total_amount: Number(row.total_amount),
    paid_amount: Number(row.paid_amount),
    due: Number(row.due),
  }));
}

/** Deliveries and bookings (not cancelled) of the vendor grouped by payment_status. */
export async function statusBreakdown(db: Executor, siteId: string, vendor: string) {
  const figures = sql`count(*) as count, coalesce(sum(total_amount), 0) as total_amount,
    coalesce(sum(paid_amount), 0) as paid_amount,
    coalesce(sum(case when total_amount > paid_amount then total_amount - paid_amount
      else 0 end), 0) as due`;
  const [deliveries, bookings] = await Promise.all([
    sql<Record<keyof StatusRow, number | string>>`select payment_status, ${figures}
      from deliveries where site_id = ${siteId} and vendor = ${vendor}
      group by payment_status`.execute(db),
    // A booking owes its taxable total plus GST: the same figures over that sum.
    sql<Record<keyof StatusRow, number | string>>`select payment_status, ${figures}
      from (select payment_status, paid_amount,
          total_amount + cgst_amount + sgst_amount + igst_amount as total_amount
        from service_bookings where site_id = ${siteId} and vendor = ${vendor}
          and status <> 'cancelled') b
      group by payment_status`.execute(db),
  ]);
  return { deliveries: toStatusRows(deliveries.rows), bookings: toStatusRows(bookings.rows) };
}
