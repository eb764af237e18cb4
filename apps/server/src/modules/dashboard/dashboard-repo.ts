import { overtimeFor, wagesFor } from '@siteledger/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import {
  challansByMonth,
  deductorSites,
  deductorTotals,
  siteShareLeft,
  tdsByMonth,
} from '../../db/tds-deductor.js';

/** Bounds of the figures, as business dates (YYYY-MM-DD) in the server's TIMEZONE. */
export interface DashboardWindow {
  today: string;
  /** First day of the current month, and of the next one (exclusive end). */
  monthStart: string;
  nextMonthStart: string;
  /** Six days before today: the first day of "the last 7 days". */
  weekStart: string;
  /** First day of the oldest month in the chart. */
  chartStart: string;
}

export interface Figures {
  total: number;
  month: number;
  outstanding: number;
}

const num = (value: unknown) => Number(value ?? 0);

/** Σ total, Σ total in the current month, Σ max(total − paid, 0) over the site's deliveries. */
export async function deliveryFigures(
  db: Executor,
  siteId: string,
  w: DashboardWindow,
): Promise<Figures> {
  const row = await db
    .selectFrom('deliveries')
    .select([
      sql<number>`coalesce(sum(total_amount), 0)`.as('total'),
      sql<number>`coalesce(sum(case when delivery_date >= ${w.monthStart}
        and delivery_date < ${w.nextMonthStart} then total_amount else 0 end), 0)`.as('month'),
      // What a bill owes leaves out its TDS (API.md "TDS").
      sql<number>`coalesce(sum(case when total_amount - tds_amount > paid_amount
        then total_amount - tds_amount - paid_amount else 0 end), 0)`.as('outstanding'),
    ])
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  return { total: num(row.total), month: num(row.month), outstanding: num(row.outstanding) };
}

/** The same over service bookings that are not cancelled, by start_date. */
export async function bookingFigures(
  db: Executor,
  siteId: string,
  w: DashboardWindow,
): Promise<Figures> {
  const row = await db
    .selectFrom('service_bookings')
    .select([
      // A booking owes its taxable total plus GST.
      sql<number>`coalesce(sum((total_amount + cgst_amount + sgst_amount + igst_amount)), 0)`.as(
        'total',
      ),
      sql<number>`coalesce(sum(case when start_date >= ${w.monthStart}
        and start_date < ${w.nextMonthStart} then (total_amount + cgst_amount + sgst_amount + igst_amount) else 0 end), 0)`.as(
        'month',
      ),
      sql<number>`coalesce(sum(case when (total_amount + cgst_amount + sgst_amount + igst_amount - tds_amount) > paid_amount
        then (total_amount + cgst_amount + sgst_amount + igst_amount - tds_amount) - paid_amount else 0 end), 0)`.as(
        'outstanding',
      ),
    ])
    .where('site_id', '=', siteId)
    .where('status', '<>', 'cancelled')
    .executeTakeFirstOrThrow();
  return { total: num(row.total), month: num(row.month), outstanding: num(row.outstanding) };
}

/** Σ payment amount, and Σ over payment_date from weekStart to today. */
export async function paymentFigures(
  db: Executor,
  siteId: string,
  w: DashboardWindow,
): Promise<{ total: number; week: number }> {
  const row = await db
    .selectFrom('payments')
    .select([
      sql<number>`coalesce(sum(amount), 0)`.as('total'),
      sql<number>`coalesce(sum(case when payment_date >= ${w.weekStart}
        and payment_date <= ${w.today} then amount else 0 end), 0)`.as('week'),
    ])
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  return { total: num(row.total), week: num(row.week) };
}

/** Deliveries and bookings (not cancelled) per month 'YYYY-MM' over the chart window (paise). */
export async function monthlyTotals(
  db: Executor,
  siteId: string,
  w: DashboardWindow,
): Promise<{ deliveries: Map<string, number>; bookings: Map<string, number> }> {
  const deliveries = await db
    .selectFrom('deliveries')
    .select([
      sql<string>`substr(delivery_date, 1, 7)`.as('month'),
      sql<number>`sum(total_amount)`.as('total'),
    ])
    .where('site_id', '=', siteId)
    .where('delivery_date', '>=', w.chartStart)
    .where('delivery_date', '<', w.nextMonthStart)
    .groupBy(sql`substr(delivery_date, 1, 7)`)
    .execute();
  const bookings = await db
    .selectFrom('service_bookings')
    .select([
      sql<string>`substr(start_date, 1, 7)`.as('month'),
      sql<number>`sum((total_amount + cgst_amount + sgst_amount + igst_amount))`.as('total'),
    ])
    .where('site_id', '=', siteId)
    .where('status', '<>', 'cancelled')
    .where('start_date', '>=', w.chartStart)
    .where('start_date', '<', w.nextMonthStart)
    .groupBy(sql`substr(start_date, 1, 7)`)
    .execute();
  return {
    deliveries: new Map(deliveries.map((r) => [r.month, num(r.total)])),
    bookings: new Map(bookings.map((r) => [r.month, num(r.total)])),
  };
}

export async function plannedArea(db: Executor, siteId: string): Promise<number> {
  const row = await db
    .selectFrom('sites')
    .select('total_planned_area')
    .where('id', '=', siteId)
    .executeTakeFirst();
  return num(row?.total_planned_area);
}

/**
 * TDS of the site's credits in months before the current one not yet deposited (paise), with the
 * months it is of (issue 43). A challan deposits the deductor's month (the sites sharing the TAN)
 * whichever site recorded it: what is left of the site's month is its share of what the
 * deductor's challans leave (db/tds-deductor.ts siteShareLeft).
 */
export async function tdsToDeposit(
  db: Executor,
  siteId: string,
  w: DashboardWindow,
): Promise<{ amount: number; months: string[] }> {
  const sites = await deductorSites(db, siteId);
  const credited = await tdsByMonth(db, sites, w.chartStart, w.monthStart);
  const own = credited.filter((row) => row.site_id === siteId);
  if (own.length === 0) return { amount: 0, months: [] };
  const deductor = deductorTotals(credited);
  const paid = await challansByMonth(db, sites, w.chartStart.slice(0, 7));
  let amount = 0;
  const months: string[] = [];
  for (const row of own) {
    const key = `${row.section}|${row.month}`;
    const left = siteShareLeft(row.tds, deductor.get(key) ?? 0, paid.get(key) ?? 0);
    if (left <= 0) continue;
    amount += left;
    months.push(row.month);
  }
  return { amount, months: [...new Set(months)].sort() };
}

/** Retention held on the site's work orders falling due by `until` (paise), earliest date first. */
export async function retentionDue(
  db: Executor,
  siteId: string,
  until: string,
): Promise<{ amount: number; date: string | null }> {
  const rows = await sql<{ due: string; held: number | string }>`
    select o.retention_due_date as due,
      coalesce((select sum(b.retention_amount) from ra_bills b where b.work_order = o.id), 0)
      - coalesce((select sum(b.net_payable) from ra_bills b where b.work_order = o.id
          and b.kind = 'retention_release'), 0) as held
    from work_orders o
    where o.site_id = ${siteId} and o.retention_due_date is not null
      and o.retention_due_date <= ${until}
    order by o.retention_due_date`.execute(db);
  const open = rows.rows.filter((r) => num(r.held) > 0);
  return {
    amount: open.reduce((sum, r) => sum + num(r.held), 0),
    date: open[0]?.due ?? null,
  };
}

const milli = (value: unknown) => Number(value ?? 0);

/**
 * Labour on the dashboard (issue 44): today's marks (people present, man-days, thousandths), this
 * month's marks valued at each worker's wage and overtime at the site's multiplier (paise), and
 * what wage sheets still owe.
 */
export async function labourFigures(
  db: Executor,
  siteId: string,
  w: DashboardWindow,
): Promise<{ present: number; manDays: number; monthCost: number; unpaid: number }> {
  const [today, month, unpaid] = await Promise.all([
    sql<{ present: unknown; man_days: unknown }>`
      select coalesce(sum(case when fraction > 0 then coalesce(headcount, 1) else 0 end), 0) as present,
        coalesce(sum(fraction * coalesce(headcount, 1)), 0) as man_days
      from attendance where site_id = ${siteId} and date = ${w.today}`.execute(db),
    sql<{
      man_days: unknown;
      ot: unknown;
      daily_wage: unknown;
      normal_hours: unknown;
      mult: unknown;
    }>`
      select sum(a.fraction * coalesce(a.headcount, 1)) as man_days,
        sum(a.ot_hours * coalesce(a.headcount, 1)) as ot,
        w.daily_wage, w.normal_hours, s.ot_multiplier as mult
      from attendance a
      join workers w on w.id = a.worker
      join sites s on s.id = a.site_id
      where a.site_id = ${siteId} and a.date >= ${w.monthStart} and a.date < ${w.nextMonthStart}
      group by a.worker, w.daily_wage, w.normal_hours, s.ot_multiplier`.execute(db),
    sql<{ owed: unknown }>`
      select coalesce(sum(net - tds_amount - paid_amount), 0) as owed
      from wage_sheets where site_id = ${siteId} and status <> 'paid'`.execute(db),
  ]);
  const monthCost = month.rows.reduce(
    (sum, r) =>
      sum +
      wagesFor(milli(r.man_days), milli(r.daily_wage)) +
      overtimeFor(milli(r.ot), milli(r.daily_wage), milli(r.normal_hours), milli(r.mult)),
    0,
  );
  return {
    present: milli(today.rows[0]?.present),
    manDays: milli(today.rows[0]?.man_days),
    monthCost,
    unpaid: milli(unpaid.rows[0]?.owed),
  };
}

/** Petty cash on the dashboard (issue 46): what waits for an owner, and this month's approved spend. */
export async function pettyFigures(
  db: Executor,
  siteId: string,
  w: DashboardWindow,
): Promise<{ pendingCount: number; pendingAmount: number; monthSpent: number; spent: number }> {
  const result = await sql<{
    pending_count: unknown;
    pending_amount: unknown;
    month: unknown;
    spent: unknown;
  }>`
    select
      coalesce(sum(case when status = 'pending' then 1 else 0 end), 0) as pending_count,
      coalesce(sum(case when status = 'pending' then amount else 0 end), 0) as pending_amount,
      coalesce(sum(case when status = 'approved' and expense_date >= ${w.monthStart}
        and expense_date < ${w.nextMonthStart} then amount else 0 end), 0) as month,
      coalesce(sum(case when status = 'approved' then amount else 0 end), 0) as spent
    from petty_expenses where site_id = ${siteId} and status <> 'rejected'`.execute(db);
  const row = result.rows[0];
  return {
    pendingCount: milli(row?.pending_count),
    pendingAmount: milli(row?.pending_amount),
    monthSpent: milli(row?.month),
    spent: milli(row?.spent),
  };
}

/** A kind of the site's spend (issue 46): to date and in the current month, paise. */
export interface Spend {
  total: number;
  month: number;
}

/** Σ gross + GST of the site's RA bills, retention releases left out (no new cost), by bill_date. */
export async function subcontractSpend(
  db: Executor,
  siteId: string,
  w: DashboardWindow,
): Promise<Spend> {
  const result = await sql<{ total: unknown; month: unknown }>`
    select
      coalesce(sum(gross_amount + cgst_amount + sgst_amount + igst_amount), 0) as total,
      coalesce(sum(case when bill_date >= ${w.monthStart} and bill_date < ${w.nextMonthStart}
        then gross_amount + cgst_amount + sgst_amount + igst_amount else 0 end), 0) as month
    from ra_bills where site_id = ${siteId} and kind = 'bill'`.execute(db);
  return { total: num(result.rows[0]?.total), month: num(result.rows[0]?.month) };
}

/**
 * Σ gross (wages + overtime) of the site's wage sheets once approved (or paid), a labour
 * contractor's too (his gang is labour cost), by period_to; a draft is not spend yet.
 */
export async function labourSpend(
  db: Executor,
  siteId: string,
  w: DashboardWindow,
): Promise<Spend> {
  const result = await sql<{ total: unknown; month: unknown }>`
    select
      coalesce(sum(gross), 0) as total,
      coalesce(sum(case when period_to >= ${w.monthStart} and period_to < ${w.nextMonthStart}
        then gross else 0 end), 0) as month
    from wage_sheets where site_id = ${siteId} and status in ('approved', 'paid')`.execute(db);
  return { total: num(result.rows[0]?.total), month: num(result.rows[0]?.month) };
}
