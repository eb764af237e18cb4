import { qty, tdsDueDate, type Dashboard } from '@siteledger/domain';
import { figures, rupees } from '../../platform/record-shape.js';
import type { AppContext } from '../../platform/context.js';
import { addDays, businessToday } from '../../platform/business-time.js';
import type { SiteMemo } from '../../platform/site-memo.js';
import * as repo from './dashboard-repo.js';
import { rightsOf, type SiteScope } from '../../platform/scope.js';

/** Number of months in the expense chart, the current one included. */
const CHART_MONTHS = 12;

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The dashboard's date bounds for a business day `today` (YYYY-MM-DD); calendar math in UTC. */
export function dashboardWindow(today: string): repo.DashboardWindow & { months: string[] } {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const months: string[] = [];
  for (let back = CHART_MONTHS - 1; back >= 0; back -= 1) {
    months.push(isoDate(new Date(Date.UTC(year, month - 1 - back, 1))).slice(0, 7));
  }
  return {
    today,
    monthStart: isoDate(new Date(Date.UTC(year, month - 1, 1))),
    nextMonthStart: isoDate(new Date(Date.UTC(year, month, 1))),
    weekStart: isoDate(new Date(Date.UTC(year, month - 1, day - 6))),
    chartStart: `${months[0]}-01`,
    months,
  };
}

/** The dashboard, kept per site and business day until the site changes (platform/site-memo). */
export async function getDashboard(
  scope: SiteScope,
  memo?: SiteMemo<Dashboard>,
): Promise<Dashboard> {
  const { ctx, siteId } = scope;
  const today = businessToday(ctx.config.timezone);
  const compute = () => computeDashboard(ctx, siteId, today);
  const dashboard = await (memo ? memo.get(siteId, today, compute) : compute());
  if (rightsOf(scope).payments.read) return dashboard;
  // A role the business keeps from payments (issue 47) gets no payment figures.
  const { payments_last_7_days: _week, total_paid: _total, ...rest } = dashboard;
  return rest;
}

/**
 * The six cards of spec part 2, the monthly chart and the site's spend by kind (issue 46), all by
 * SQL aggregates run side by side (API.md).
 */
async function computeDashboard(
  ctx: AppContext,
  siteId: string,
  today: string,
): Promise<Dashboard> {
  const db = ctx.db.kysely;
  const w = dashboardWindow(today);
  const [
    deliveries,
    bookings,
    payments,
    monthly,
    area,
    tds,
    retention,
    labour,
    petty,
    subcontract,
    wages,
  ] = await Promise.all([
    repo.deliveryFigures(db, siteId, w),
    repo.bookingFigures(db, siteId, w),
    repo.paymentFigures(db, siteId, w),
    repo.monthlyTotals(db, siteId, w),
    repo.plannedArea(db, siteId),
    repo.tdsToDeposit(db, siteId, w),
    repo.retentionDue(db, siteId, addDays(today, 30)),
    repo.labourFigures(db, siteId, w),
    repo.pettyFigures(db, siteId, w),
    repo.subcontractSpend(db, siteId, w),
    repo.labourSpend(db, siteId, w),
  ]);
  const total = deliveries.total + bookings.total;
  const month = deliveries.month + bookings.month;
  return {
    ...rupees({
      total_expenses: total,
      current_month_expenses: month,
      expense_per_sqft: area > 0 ? Math.round(total / area) : 0,
      outstanding_amount: deliveries.outstanding + bookings.outstanding,
      payments_last_7_days: payments.week,
      total_paid: payments.total,
    }),
    as_of: w.today,
    monthly: w.months.map((month) => {
      const d = monthly.deliveries.get(month) ?? 0;
      const b = monthly.bookings.get(month) ?? 0;
      return {
        month,
        ...rupees({ deliveries: d, service_bookings: b, total: d + b }),
      };
    }),
    ...rupees({ tds_to_deposit: tds.amount }),
    tds_due_date: tds.months[0] ? tdsDueDate(`${tds.months[0]}-01`) : null,
    ...rupees({ retention_due: retention.amount }),
    retention_due_date: retention.date,
    labour_present_today: labour.present,
    ...figures({ labour_man_days_today: [qty(), labour.manDays] }),
    ...rupees({ labour_cost_month: labour.monthCost, wage_sheets_unpaid: labour.unpaid }),
    petty_pending_count: petty.pendingCount,
    ...rupees({ petty_pending_amount: petty.pendingAmount, petty_spent_month: petty.monthSpent }),
    site_spend: spendOf(total, subcontract.total, wages.total, petty.spent),
    site_spend_month: spendOf(month, subcontract.month, wages.month, petty.monthSpent),
  };
}

/** Issue 46: the site's spend by kind, summed in paise before the one conversion to rupees. */
function spendOf(
  materialsAndServices: number,
  subcontract: number,
  labour: number,
  pettyCash: number,
): Dashboard['site_spend'] {
  return rupees({
    materials_and_services: materialsAndServices,
    subcontract,
    labour,
    petty_cash: pettyCash,
    total: materialsAndServices + subcontract + labour + pettyCash,
  });
}
