/** "Overview": each active site of the business in a row, and the totals over them. */
import { LayoutGrid } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { useBusinessOverview } from '../../data/businesses';
import { AsOf } from './as-of';
import { overviewRows, overviewRowTestId, useOverviewColumns } from './overview-columns';

export function OverviewTab({ business }: { business: string }) {
  const { t } = useTranslation();
  const overview = useBusinessOverview(business);
  const { columns, mobileCard } = useOverviewColumns();
  const data = overview.data;
  const rows = data && data.sites.length > 0 ? overviewRows(data, t('business.total')) : [];
  return (
    <section className="space-y-3" aria-label={t('business.tabs.overview')}>
      <AsOf date={data?.as_of} />
      <DataTable
        columns={columns}
        rows={data ? rows : undefined}
        rowKey={(row) => row.key}
        loading={overview.isPending}
        error={overview.error}
        errorTitle={t('business.overview.loadFailed')}
        onRetry={() => void overview.refetch()}
        skeletonRows={3}
        mobileCard={mobileCard}
        label={t('business.tabs.overview')}
        testId="business-overview"
        rowTestId={overviewRowTestId}
        empty={
          <EmptyState
            icon={<LayoutGrid aria-hidden="true" />}
            title={t('business.noSitesTitle')}
            description={t('business.noSites')}
          />
        }
      />
    </section>
  );
}
