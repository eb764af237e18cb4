import { formatInr, permissionsFor, toPaise, type ServiceBooking } from '@siteledger/domain';
import { CalendarClock, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../components/plan-limit';
import { RowActions } from '../../components/ui/row-actions';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterSelect, ListToolbar } from '../../components/ui/list-toolbar';
import { PageHeader, useAddAction } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { formatQuantity } from '../../components/ui/quantity-field';
import { StatusBadge, statusOptions } from '../../components/ui/status-badge';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useListParams } from '../../lib/list-params';
import { useSession } from '../../lib/session';
import { usePlanLimit } from '../../lib/subscription-api';
import { useBookings, useDeleteBooking, useServiceOptions, useVendorOptions } from './api';
import { BookingFormDialog } from './booking-form-dialog';
import { ProgressBar } from './booking-form-fields';
import { BookingViewDialog } from './booking-view-dialog';
import { formatDateRange } from './format-date';

const FILTERS = ['service', 'vendor', 'status', 'payment_status'] as const;

const rupees = (value: number) => formatInr(toPaise(value));

export function ServiceBookingsPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { role } = useSession();
  const can = permissionsFor(role);
  const list = useListParams({ sort: '-start_date', filters: FILTERS });
  const bookings = useBookings(list.query);
  const services = useServiceOptions();
  const vendors = useVendorOptions();
  const remove = useDeleteBooking();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ServiceBooking | null>(null);
  const [viewing, setViewing] = useState<ServiceBooking | null>(null);
  const [deleting, setDeleting] = useState<ServiceBooking | null>(null);
  const openAdd = () => setAdding(true);
  const limit = usePlanLimit('service_bookings');
  useAddAction(openAdd, can.canCreate && !limit.blocked);

  const name = (b: ServiceBooking) => b.expand?.service?.name ?? '—';
  const unit = (b: ServiceBooking) => b.expand?.service?.unit;
  const dates = (b: ServiceBooking) => formatDateRange(b.start_date, b.end_date, i18n.language);
  const open = (b: ServiceBooking) => (can.canUpdate ? setEditing(b) : setViewing(b));

  const showActions = can.canUpdate || can.canDelete;
  const actions = (b: ServiceBooking) => (
    <RowActions
      onEdit={can.canUpdate ? () => setEditing(b) : undefined}
      onDelete={
        can.canDelete
          ? () => {
              remove.reset();
              setDeleting(b);
            }
          : undefined
      }
      editLabel={t('serviceBookings.editNamed', { name: name(b) })}
      deleteLabel={t('serviceBookings.deleteNamed', { name: name(b) })}
      editTestId={`booking-edit-${b.id}`}
      deleteTestId={`booking-delete-${b.id}`}
    />
  );

  const columns: DataTableColumn<ServiceBooking>[] = [
    {
      key: 'service',
      header: t('serviceBookings.fields.service'),
      cell: (b) => (
        <div className="min-w-0 max-w-52">
          <p className="truncate font-medium text-fg">{name(b)}</p>
          <p className="truncate text-xs text-fg-muted">{b.expand?.vendor?.name ?? '—'}</p>
        </div>
      ),
    },
    {
      key: 'dates',
      header: t('serviceBookings.fields.dates'),
      sortKey: 'start_date',
      firstDirection: 'desc',
      cell: (b) => <span className="whitespace-nowrap text-sm tabular-nums">{dates(b)}</span>,
    },
    {
      key: 'duration',
      header: t('serviceBookings.fields.durationRate'),
      align: 'right',
      hideBelow: 'xl',
      cell: (b) => (
        <div>
          <p>{formatQuantity(b.duration, unit(b))}</p>
          <p className="text-xs text-fg-muted">
            {t('serviceBookings.list.perUnit', { rate: rupees(b.unit_rate), unit: unit(b) ?? '' })}
          </p>
        </div>
      ),
    },
    {
      key: 'total',
      header: t('serviceBookings.fields.total'),
      sortKey: 'total_amount',
      firstDirection: 'desc',
      align: 'right',
      cell: (b) => <span className="font-semibold">{rupees(b.total_amount)}</span>,
    },
    {
      key: 'progress',
      header: t('serviceBookings.fields.progress'),
      sortKey: 'percent_completed',
      hideBelow: 'lg',
      cell: (b) => (
        <ProgressBar
          percent={b.percent_completed}
          label={t('serviceBookings.fields.percentCompleted')}
        />
      ),
    },
    {
      key: 'status',
      header: t('serviceBookings.fields.status'),
      sortKey: 'status',
      cell: (b) => (
        <StatusBadge kind="booking" status={b.status} testId={`booking-status-${b.id}`} />
      ),
    },
    {
      key: 'payment',
      header: t('serviceBookings.fields.payment'),
      sortKey: 'payment_status',
      hideBelow: 'lg',
      cell: (b) => (
        <StatusBadge kind="payment" status={b.payment_status} testId={`booking-payment-${b.id}`} />
      ),
    },
    ...(showActions
      ? [
          {
            key: 'actions',
            header: t('kit.actions.actions'),
            align: 'right' as const,
            headerClassName: 'sr-only',
            cell: actions,
          },
        ]
      : []),
  ];

  const mobileCard = (b: ServiceBooking) => (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-base font-semibold text-fg">{name(b)}</p>
          <p className="truncate text-sm text-fg-muted">{b.expand?.vendor?.name ?? '—'}</p>
          <p className="text-sm tabular-nums text-fg-muted">{dates(b)}</p>
        </div>
        {actions(b)}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge kind="booking" status={b.status} />
        <StatusBadge kind="payment" status={b.payment_status} />
      </div>
      <div className="flex items-end justify-between gap-3 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <div className="min-w-0 space-y-1.5">
          <p className="text-xs text-fg-muted">
            {formatQuantity(b.duration, unit(b))} ×{' '}
            {t('serviceBookings.list.perUnit', { rate: rupees(b.unit_rate), unit: unit(b) ?? '' })}
          </p>
          <ProgressBar
            percent={b.percent_completed}
            label={t('serviceBookings.fields.percentCompleted')}
          />
        </div>
        <p className="shrink-0 text-base font-semibold tabular-nums text-fg">
          {rupees(b.total_amount)}
        </p>
      </div>
    </div>
  );

  const empty = list.hasFilters ? (
    <EmptyState
      icon={<SearchX />}
      title={t('serviceBookings.empty.filteredTitle')}
      description={t('serviceBookings.empty.filteredDescription')}
      action={
        <Button variant="secondary" onClick={list.clearFilters}>
          {t('kit.toolbar.clear')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<CalendarClock />}
      title={t('serviceBookings.empty.title')}
      description={t('serviceBookings.empty.description')}
      action={
        can.canCreate ? (
          <AddButton
            resource="service_bookings"
            onClick={openAdd}
            label={t('serviceBookings.add')}
            placement="empty"
          />
        ) : null
      }
    />
  );

  const activeFilters = FILTERS.filter((f) => list.filters[f]).length;
  return (
    <div data-testid="page-service-bookings" data-tour="service-bookings-page">
      <PageHeader
        title={t('pages.serviceBookings.title')}
        subtitle={t('pages.serviceBookings.description')}
        actions={
          can.canCreate ? (
            <AddButton
              resource="service_bookings"
              onClick={openAdd}
              label={t('serviceBookings.add')}
              testId="booking-add"
            />
          ) : null
        }
      />
      <ListToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        searchPlaceholder={t('serviceBookings.searchPlaceholder')}
        hasFilters={list.hasFilters}
        onClear={list.clearFilters}
        activeFilters={activeFilters}
        dateRange={{
          from: list.from,
          to: list.to,
          onFromChange: list.setFrom,
          onToChange: list.setTo,
        }}
        testId="bookings-toolbar"
        filters={
          <>
            <FilterSelect
              label={t('serviceBookings.fields.service')}
              value={list.filters.service ?? ''}
              onChange={(value) => list.setFilter('service', value)}
              allLabel={t('serviceBookings.filters.allServices')}
              options={(services.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              testId="bookings-filter-service"
            />
            <FilterSelect
              label={t('serviceBookings.fields.vendor')}
              value={list.filters.vendor ?? ''}
              onChange={(value) => list.setFilter('vendor', value)}
              allLabel={t('serviceBookings.filters.allVendors')}
              options={(vendors.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
              testId="bookings-filter-vendor"
            />
            <FilterSelect
              label={t('serviceBookings.fields.status')}
              value={list.filters.status ?? ''}
              onChange={(value) => list.setFilter('status', value)}
              allLabel={t('serviceBookings.filters.allStatuses')}
              options={statusOptions(t, 'booking')}
              testId="bookings-filter-status"
            />
            <FilterSelect
              label={t('serviceBookings.fields.payment')}
              value={list.filters.payment_status ?? ''}
              onChange={(value) => list.setFilter('payment_status', value)}
              allLabel={t('serviceBookings.filters.allPayments')}
              options={statusOptions(t, 'payment')}
              testId="bookings-filter-payment"
            />
          </>
        }
      />
      <DataTable
        columns={columns}
        rows={bookings.data?.items}
        rowKey={(b) => b.id}
        loading={bookings.isPending}
        fetching={bookings.isPlaceholderData}
        error={bookings.error}
        onRetry={() => void bookings.refetch()}
        sort={list.sort}
        onSortChange={list.toggleSort}
        onRowClick={open}
        mobileCard={mobileCard}
        empty={empty}
        label={t('pages.serviceBookings.title')}
        testId="bookings-table"
        rowTestId={(b) => `booking-row-${b.id}`}
      />
      {bookings.data ? (
        <Pagination
          page={list.page}
          perPage={list.perPage}
          totalItems={bookings.data.totalItems}
          totalPages={bookings.data.totalPages}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
          disabled={bookings.isPlaceholderData}
        />
      ) : null}

      <BookingFormDialog
        open={adding || editing !== null}
        onOpenChange={(next) => {
          if (!next) {
            setAdding(false);
            setEditing(null);
          }
        }}
        booking={editing}
      />
      <BookingViewDialog booking={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={t('serviceBookings.delete.title')}
        description={t('serviceBookings.delete.description', {
          name: deleting ? name(deleting) : '',
          vendor: deleting?.expand?.vendor?.name ?? '—',
        })}
        confirmLabel={t('kit.actions.delete')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('serviceBookings.toast.deleted'));
            },
          });
        }}
        testId="booking-delete-dialog"
      />
    </div>
  );
}
