/**
 * /budget/overview (issue 45, owners): "Budgets across your sites" — every site the person owns
 * with its budget, actual, committed, remaining, forecast and variance, the totals over them,
 * and a way into each site's Budget page (switching to that site first).
 */
import { PiggyBank } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { PageFrame } from '../../components/ui/page-frame';
import { useToast } from '../../components/ui/toast-context';
import { useBudgetOverview } from '../../data/budgets';
import { useSession } from '../../lib/session';
import {
  overviewRows,
  overviewRowTestId,
  useOverviewColumns,
  type OverviewRow,
} from './budget-overview-columns';

/**
 * Opens a site's Budget page: the session's selectSite, as the site menu switches (every site
 * here is the caller's own, so the role is owner), with the same "Switched to …" notice.
 */
function useOpenSiteBudget() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const { siteId, selectSite } = useSession();
  return (row: OverviewRow) => {
    if (!row.site) return;
    if (row.site !== siteId) {
      selectSite(row.site, 'owner');
      toast.info(t('sites.switched', { name: row.name }));
    }
    void navigate('/budget');
  };
}

export function BudgetOverviewPage() {
  const { t } = useTranslation();
  const overview = useBudgetOverview();
  const { columns, mobileCard } = useOverviewColumns(useOpenSiteBudget());
  const data = overview.data;
  // No site has a line: one empty state rather than a row of zeros per site.
  const rows = data && data.totals.lines > 0 ? overviewRows(data, t('budgets.overview.total')) : [];

  return (
    <PageFrame
      testId="page-budget-overview"
      title={t('budgets.overview.title')}
      subtitle={t('budgets.overview.subtitle')}
      back={{ to: '/budget', label: t('pages.budget.title') }}
    >
      <DataTable
        columns={columns}
        rows={data ? rows : undefined}
        rowKey={(row) => row.key}
        loading={overview.isPending}
        error={overview.error}
        errorTitle={t('budgets.overview.loadFailed')}
        onRetry={() => void overview.refetch()}
        skeletonRows={3}
        mobileCard={mobileCard}
        label={t('budgets.overview.title')}
        testId="budget-overview"
        rowTestId={overviewRowTestId}
        empty={
          <EmptyState
            icon={<PiggyBank aria-hidden="true" />}
            title={t('budgets.empty.title')}
            description={t('budgets.overview.empty')}
          />
        }
      />
    </PageFrame>
  );
}
