/**
 * The dashboard's "Budget" card (issue 45): the site's budget, committed, actual and remaining
 * from the budget report, with a link to the page (and, for owners, to every site's budget). Not
 * shown until the site has a budget line.
 */
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBudgetReport } from '../../data/budgets';
import { useSession } from '../../lib/session';
import { BudgetTotals } from './budget-totals';

const LINK_CLASS =
  'inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring';

export function BudgetDashboardCard() {
  const { t } = useTranslation();
  // The report is money: a supervisor reads the budget on its page, as far as the owner shares it.
  const { role } = useSession();
  const report = useBudgetReport(role !== 'supervisor');
  if (!report.data || report.data.lines.length === 0) return null;
  return (
    <section
      aria-labelledby="dashboard-budget-title"
      className="rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6"
      data-testid="dashboard-budget"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2 id="dashboard-budget-title" className="text-base font-semibold text-fg">
          {t('budgets.dashboard.title')}
        </h2>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          {/* Owners also see their other sites' budgets side by side. */}
          {role === 'owner' ? (
            <Link
              to="/budget/overview"
              className={LINK_CLASS}
              data-testid="dashboard-budget-overview"
            >
              {t('budgets.overview.open')}
            </Link>
          ) : null}
          <Link to="/budget" className={LINK_CLASS} data-testid="dashboard-budget-open">
            {t('budgets.dashboard.open')}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
      <BudgetTotals totals={report.data.totals} testId="dashboard-budget-totals" />
    </section>
  );
}
