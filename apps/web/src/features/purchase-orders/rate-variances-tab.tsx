/**
 * The purchase orders page's "Rate differences" tab (`?tab=rate-differences`): every delivery line
 * of the site received at another rate than its PO line's, newest first, by vendor.
 */
import { Scale } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EntityFilter } from '../../components/pickers/entity-picker';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
import { cn } from '../../lib/cn';
import { useSiteRateVariances } from './api';
import { useRateVarianceColumns } from './rate-variances-card';

const TABS = ['orders', 'rate-differences'] as const;
export type PurchaseOrdersTab = (typeof TABS)[number];

/** The page's tab in the URL (orders by default). */
export function usePurchaseOrdersTab(): PurchaseOrdersTab {
  const [params] = useSearchParams();
  return params.get('tab') === 'rate-differences' ? 'rate-differences' : 'orders';
}

/** Orders | Rate differences. Switching starts from a clean URL (no filters of the other tab). */
export function PurchaseOrdersTabs({ tab }: { tab: PurchaseOrdersTab }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  return (
    <div
      className="mb-4 inline-flex rounded-xl border border-border bg-surface-muted/60 p-1"
      role="tablist"
    >
      {TABS.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={tab === name}
          className={cn(
            'min-h-10 rounded-lg px-4 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
            tab === name ? 'bg-surface text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
          )}
          onClick={() => setParams(name === 'orders' ? {} : { tab: name })}
          data-testid={`pos-tab-${name}`}
        >
          {t(`purchaseOrders.tabs.${name === 'orders' ? 'orders' : 'rateDifferences'}`)}
        </button>
      ))}
    </div>
  );
}

export function RateVariancesTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(20);
  const [vendor, setVendor] = useState('');
  const variances = useSiteRateVariances({ page, perPage, vendor });
  const { columns, mobileCard } = useRateVarianceColumns(true);

  return (
    <div data-testid="pos-variances">
      <p className="mb-3 text-sm text-fg-muted">{t('purchaseOrders.variances.siteDescription')}</p>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <EntityFilter
          entity="vendors"
          label={t('purchaseOrders.fields.vendor')}
          value={vendor}
          onChange={(value) => {
            setVendor(value);
            setPage(1);
          }}
          allLabel={t('purchaseOrders.filters.allVendors')}
          testId="pos-variances-filter-vendor"
        />
      </div>
      <DataTable
        columns={columns}
        rows={variances.data?.items}
        rowKey={(row) => row.delivery_item}
        loading={variances.isPending}
        fetching={variances.isPlaceholderData}
        error={variances.error}
        errorTitle={t('purchaseOrders.variances.loadFailed')}
        onRetry={() => void variances.refetch()}
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
      {variances.data ? (
        <Pagination
          page={page}
          perPage={perPage}
          totalItems={variances.data.totalItems}
          totalPages={variances.data.totalPages}
          onPageChange={setPage}
          onPerPageChange={(value) => {
            setPerPage(value);
            setPage(1);
          }}
          disabled={variances.isPlaceholderData}
        />
      ) : null}
    </div>
  );
}
