import { budgetRemaining, consumptionView, type BudgetOverview } from '@siteledger/domain';
import type { Executor } from '../../db/executor.js';
import { rupees } from '../../platform/record-shape.js';
import { forecastOf } from './budgets-service.js';

/**
 * GET /api/reports/budget_overview (issue 45): every active site the caller owns, one row each —
 * budget, committed, actual, remaining, forecast, variance and the lines needing a look — from the
 * figures stored on the lines (no source is re-summed), and the totals over them.
 */
export async function budgetOverview(db: Executor, userId: string): Promise<BudgetOverview> {
  const sites = await db
    .selectFrom('sites')
    .innerJoin('site_users', 'site_users.site_id', 'sites.id')
    .select(['sites.id', 'sites.name', 'sites.consumption_flag_percent'])
    .where('site_users.user_id', '=', userId)
    .where('site_users.role', '=', 'owner')
    .where('site_users.is_active', '=', 1)
    .where('sites.is_active', '=', 1)
    .orderBy('sites.name')
    .orderBy('sites.id')
    .execute();
  const lines = sites.length
    ? await db
        .selectFrom('budget_lines')
        .select([
          'site_id',
          'item',
          'quantity',
          'amount',
          'committed',
          'actual',
          'percent_complete',
          'on_order',
          'received',
          'consumed',
        ])
        .where(
          'site_id',
          'in',
          sites.map((s) => s.id),
        )
        .execute()
    : [];
  const zero = () => ({ lines: 0, budget: 0, committed: 0, actual: 0, forecast: 0, over: 0 });
  const sums = new Map(sites.map((s) => [s.id, zero()]));
  const flagOf = new Map(sites.map((s) => [s.id, Number(s.consumption_flag_percent) / 100]));
  for (const line of lines) {
    const sum = sums.get(line.site_id);
    if (!sum) continue;
    const budget = Number(line.amount);
    const committed = Number(line.committed);
    const actual = Number(line.actual);
    const percent = line.percent_complete === null ? null : Number(line.percent_complete);
    const flagged =
      line.item !== null && line.quantity !== null
        ? consumptionView(
            Number(line.quantity),
            Number(percent ?? 0),
            Number(line.consumed),
            flagOf.get(line.site_id) ?? 110,
          ).flag
        : false;
    sum.lines += 1;
    sum.budget += budget;
    sum.committed += committed;
    sum.actual += actual;
    sum.forecast += forecastOf(line);
    // Needs a look: past its budget, or consumption flagged.
    if (budgetRemaining(budget, committed, actual) < 0 || flagged) sum.over += 1;
  }
  const money = (s: ReturnType<typeof zero>) =>
    rupees({
      budget: s.budget,
      committed: s.committed,
      actual: s.actual,
      remaining: budgetRemaining(s.budget, s.committed, s.actual),
      forecast: s.forecast,
      variance: s.budget - s.forecast,
    });
  const total = zero();
  const items = sites.map((site) => {
    const s = sums.get(site.id) ?? zero();
    for (const key of ['lines', 'budget', 'committed', 'actual', 'forecast', 'over'] as const) {
      total[key] += s[key];
    }
    return { site: site.id, site_name: site.name, lines: s.lines, needs_look: s.over, ...money(s) };
  });
  return { items, totals: { lines: total.lines, needs_look: total.over, ...money(total) } };
}
