/**
 * The purchase orders page's "Rate differences" tab (`?tab=rate-differences`): every delivery line
 * of the site received at another rate than its PO line's, newest first, by vendor.
 */
import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePaging } from '../../components/list-page/paged-table';
import { PagedTab, VendorFilter } from '../../components/page/paged-tab';
import { usePagedFilter } from '../../components/pickers/use-paged-filter';
import { useSiteRateVariances } from './api';
import { useRateVarianceColumns } from './rate-variances-card';

export function RateVariancesTab() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [vendor, setVendor] = usePagedFilter(paging);
  const variances = useSiteRateVariances({ page: paging.page, perPage: paging.perPage, vendor });
  const { columns, mobileCard } = useRateVarianceColumns(true);

  return (
    <PagedTab
      tabTestId="pos-variances"
      intro={
        <p className="mb-3 text-sm text-fg-muted">
          {t('purchaseOrders.variances.siteDescription')}
        </p>
      }
      toolbar={
        <VendorFilter
          ns="purchaseOrders"
          value={vendor}
          onChange={setVendor}
          testId="pos-variances-filter-vendor"
        />
      }
      query={variances}
      paging={paging}
      columns={columns}
      rowKey={(row) => row.delivery_item}
      errorTitle={t('purchaseOrders.variances.loadFailed')}
      mobileCard={mobileCard}
      emptyIcon={<Scale />}
      texts="purchaseOrders.variances"
      label={t('purchaseOrders.variances.title')}
      testId="pos-variances-table"
    />
  );
}
