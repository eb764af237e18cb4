import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

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
      sql<number>`coalesce(sum(case when total_amount > paid_amount
        then total_amount - paid_amount else 0 end), 0)`.as('outstanding'),
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
      sql<number>`coalesce(sum(case when (total_amount + cgst_amount + sgst_amount + igst_amount) > paid_amount
        then (total_amount + cgst_amount + sgst_amount + igst_amount) - paid_amount else 0 end), 0)`.as(
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
