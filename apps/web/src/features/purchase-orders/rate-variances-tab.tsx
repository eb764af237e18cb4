/**
 * The purchase orders page's "Rate differences" tab (`?tab=rate-differences`): every delivery line
 * of the site received at another rate than its PO line's, newest first, by vendor.
 */
import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePagedFilter } from '../../components/pickers/use-paged-filter';
import { PagedTable, usePaging } from '../../components/list-page/paged-table';
import { EntityFilter } from '../../components/pickers/entity-picker';
import { EmptyState } from '../../components/ui/empty-state';
import { useSiteRateVariances } from './api';
import { useRateVarianceColumns } from './rate-variances-card';

export function RateVariancesTab() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [vendor, setVendor] = usePagedFilter(paging);
  const variances = useSiteRateVariances({ page: paging.page, perPage: paging.perPage, vendor });
  const { columns, mobileCard } = useRateVarianceColumns(true);

  return (
    <div data-testid="pos-variances">
      <p className="mb-3 text-sm text-fg-muted">{t('purchaseOrders.variances.siteDescription')}</p>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <EntityFilter
          entity="vendors"
          label={t('purchaseOrders.fields.vendor')}
          value={vendor}
          onChange={setVendor}
          allLabel={t('purchaseOrders.filters.allVendors')}
          testId="pos-variances-filter-vendor"
        />
      </div>
      <PagedTable
        query={variances}
        paging={paging}
        columns={columns}
        rowKey={(row) => row.delivery_item}
        errorTitle={t('purchaseOrders.variances.loadFailed')}
        mobileCard={mobileCard}
        empty={
          <EmptyState
            icon={<Scale />}
            title={t('purchaseOrders.variances.emptyTitle')}
            description={t('purchaseOrders.variances.emptyDescription')}
          />
        }
        label={t('purchaseOrders.variances.title')}
        testId="pos-variances-table"
      />
    </div>
  );
}
