import {
  DELIVERY_PAYMENT_STATUSES,
  formatInr,
  permissionsFor,
  toPaise,
  type Delivery,
} from '@siteledger/domain';
import { SearchX, Truck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../components/plan-limit';
import { Button } from '../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterSelect, ListToolbar } from '../../components/ui/list-toolbar';
import { PageHeader, useAddAction } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { StatusBadge, statusOptions } from '../../components/ui/status-badge';
import { useListParams } from '../../lib/list-params';
import { useSession } from '../../lib/session';
import { usePlanLimit } from '../../lib/subscription-api';
import { useDeliveries, useVendorOptions } from './api';
import { CreateDeliveryDialog } from './create-delivery-dialog';
import { formatDeliveryDate } from './format-date';

const FILTERS = ['vendor', 'payment_status'] as const;

const rupees = (value: number) => formatInr(toPaise(value));

/** "OPC cement, River sand +2" from the expanded lines. */
function ItemsSummary({ delivery, max = 2 }: { delivery: Delivery; max?: number }) {
  const { t } = useTranslation();
  const lines = delivery.delivery_items ?? [];
  const names = lines.map((line) => line.expand?.item?.name ?? '—');
  const shown = names.slice(0, max).join(', ');
  const more = names.length - max;
  return (
    <span className="block min-w-0 truncate text-fg-muted" title={names.join(', ')}>
      {shown}
      {more > 0 ? ` ${t('deliveries.list.more', { count: more })}` : ''}
    </span>
  );
}

export function DeliveriesPage() {
  const { t, i18n } = useTranslation();
  const { role } = useSession();
  const can = permissionsFor(role);
  const list = useListParams({ sort: '-delivery_date', filters: FILTERS });
  const deliveries = useDeliveries(list.query);
  const vendors = useVendorOptions();
  const [adding, setAdding] = useState(false);
  const openAdd = () => setAdding(true);
  const limit = usePlanLimit('deliveries');
  useAddAction(openAdd, can.canCreate && !limit.blocked);
  const date = (d: Delivery) => formatDeliveryDate(d.delivery_date, i18n.language);

  const columns: DataTableColumn<Delivery>[] = [
    {
      key: 'date',
      header: t('deliveries.fields.date'),
      sortKey: 'delivery_date',
      firstDirection: 'desc',
      cell: (d) => <span className="whitespace-nowrap tabular-nums">{date(d)}</span>,
    },
    {
      key: 'vendor',
      header: t('deliveries.fields.vendor'),
      cell: (d) => (
        <div className="min-w-0 max-w-52">
          <p className="truncate font-medium text-fg">{d.expand?.vendor?.name ?? '—'}</p>
          {d.expand?.vendor?.company_name ? (
            <p className="truncate text-xs text-fg-muted">{d.expand.vendor.company_name}</p>
          ) : null}
        </div>
      ),
    },
    {
      key: 'reference',
      header: t('deliveries.fields.reference'),
      sortKey: 'delivery_reference',
      hideBelow: 'lg',
      cell: (d) =>
        d.delivery_reference ? (
          <span className="whitespace-nowrap">{d.delivery_reference}</span>
        ) : (
          <span className="text-fg-subtle">—</span>
        ),
    },
    {
      key: 'items',
      header: t('deliveries.fields.items'),
      hideBelow: 'xl',
      cell: (d) => (
        <div className="min-w-0 max-w-48">
          <p className="text-xs font-medium text-fg">
            {t('deliveries.list.lines', { count: d.delivery_items?.length ?? 0 })}
          </p>
          <ItemsSummary delivery={d} />
        </div>
      ),
    },
    {
      key: 'total',
      header: t('deliveries.fields.total'),
      sortKey: 'total_amount',
      firstDirection: 'desc',
      align: 'right',
      cell: (d) => <span className="font-semibold">{rupees(d.total_amount)}</span>,
    },
    {
      key: 'paid',
      header: t('deliveries.fields.paid'),
      align: 'right',
      hideBelow: 'lg',
      cell: (d) => <span className="text-fg-muted">{rupees(d.paid_amount)}</span>,
    },
    {
      key: 'status',
      header: t('deliveries.fields.statusShort'),
      sortKey: 'payment_status',
      cell: (d) => (
        <StatusBadge kind="payment" status={d.payment_status} testId={`delivery-status-${d.id}`} />
      ),
    },
  ];

  const mobileCard = (d: Delivery) => (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-base font-semibold text-fg">
            {d.expand?.vendor?.name ?? '—'}
          </p>
          <p className="text-sm text-fg-muted">
            <span className="tabular-nums">{date(d)}</span>
            {d.delivery_reference ? ` · ${d.delivery_reference}` : ''}
          </p>
        </div>
        <StatusBadge kind="payment" status={d.payment_status} />
      </div>
      <div className="flex items-end justify-between gap-3 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <div className="min-w-0">
          <p className="text-xs text-fg-muted">
            {t('deliveries.list.lines', { count: d.delivery_items?.length ?? 0 })}
          </p>
          <ItemsSummary delivery={d} max={2} />
        </div>
        <p className="shrink-0 text-right text-base font-semibold tabular-nums text-fg">
          {rupees(d.total_amount)}
        </p>
      </div>
    </div>
  );

  const empty = list.hasFilters ? (
    <EmptyState
      icon={<SearchX />}
      title={t('deliveries.empty.filteredTitle')}
      description={t('deliveries.empty.filteredDescription')}
      action={
        <Button variant="secondary" onClick={list.clearFilters}>
          {t('kit.toolbar.clear')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<Truck />}
      title={t('deliveries.empty.title')}
      description={t('deliveries.empty.description')}
      action={
        can.canCreate ? (
          <AddButton
            resource="deliveries"
            onClick={openAdd}
            label={t('deliveries.add')}
            placement="empty"
          />
        ) : null
      }
    />
  );

  const vendorOptions = (vendors.data ?? []).map((v) => ({ value: v.id, label: v.name }));
  const paymentOptions = statusOptions(t, 'payment').filter((o) =>
    (DELIVERY_PAYMENT_STATUSES as readonly string[]).includes(o.value),
  );
  const activeFilters = FILTERS.filter((name) => list.filters[name]).length;

  return (
    <div data-testid="page-deliveries" data-tour="deliveries-page">
      <PageHeader
        title={t('pages.deliveries.title')}
        subtitle={t('pages.deliveries.description')}
        actions={
          can.canCreate ? (
            <AddButton
              resource="deliveries"
              onClick={openAdd}
              label={t('deliveries.add')}
              testId="delivery-add"
            />
          ) : null
        }
      />
      <ListToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        searchPlaceholder={t('deliveries.searchPlaceholder')}
        hasFilters={list.hasFilters}
        onClear={list.clearFilters}
        activeFilters={activeFilters}
        dateRange={{
          from: list.from,
          to: list.to,
          onFromChange: list.setFrom,
          onToChange: list.setTo,
        }}
        testId="deliveries-toolbar"
        filters={
          <>
            <FilterSelect
              label={t('deliveries.fields.vendor')}
              value={list.filters.vendor ?? ''}
              onChange={(value) => list.setFilter('vendor', value)}
              allLabel={t('deliveries.filters.allVendors')}
              options={vendorOptions}
              testId="deliveries-filter-vendor"
            />
            <FilterSelect
              label={t('deliveries.fields.status')}
              value={list.filters.payment_status ?? ''}
              onChange={(value) => list.setFilter('payment_status', value)}
              allLabel={t('deliveries.filters.allStatuses')}
              options={paymentOptions}
              testId="deliveries-filter-status"
            />
          </>
        }
      />
      <DataTable
        columns={columns}
        rows={deliveries.data?.items}
        rowKey={(d) => d.id}
        loading={deliveries.isPending}
        fetching={deliveries.isPlaceholderData}
        error={deliveries.error}
        errorTitle={t('deliveries.errors.loadFailed')}
        onRetry={() => void deliveries.refetch()}
        sort={list.sort}
        onSortChange={list.toggleSort}
        rowHref={(d) => `/deliveries/${d.id}`}
        mobileCard={mobileCard}
        empty={empty}
        label={t('pages.deliveries.title')}
        testId="deliveries-table"
        rowTestId={(d) => `delivery-row-${d.id}`}
      />
      {deliveries.data ? (
        <Pagination
          page={list.page}
          perPage={list.perPage}
          totalItems={deliveries.data.totalItems}
          totalPages={deliveries.data.totalPages}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
          disabled={deliveries.isPlaceholderData}
        />
      ) : null}
      <CreateDeliveryDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}
