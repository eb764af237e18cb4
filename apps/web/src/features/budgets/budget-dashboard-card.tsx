/**
 * The dashboard's "Budget" card (issue 45): the site's budget, committed, actual and remaining
 * from the budget report, with a link to the page. Not shown until the site has a budget line.
 */
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBudgetReport } from '../../data/budgets';
import { BudgetTotals } from './budget-totals';

export function BudgetDashboardCard() {
  const { t } = useTranslation();
  const report = useBudgetReport();
  if (!report.data || report.data.lines.length === 0) return null;
  return (
    <section
      aria-labelledby="dashboard-budget-title"
      className="rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6"
      data-testid="dashboard-budget"
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="dashboard-budget-title" className="text-base font-semibold text-fg">
          {t('budgets.dashboard.title')}
        </h2>
        <Link
          to="/budget"
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          data-testid="dashboard-budget-open"
        >
          {t('budgets.dashboard.open')}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <BudgetTotals totals={report.data.totals} testId="dashboard-budget-totals" />
    </section>
  );
}
