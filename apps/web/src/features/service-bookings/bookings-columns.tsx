import { formatInr, toPaise, type ServiceBooking } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatQuantity } from '../../components/ui/quantity-field';
import { StatusBadge } from '../../components/ui/status-badge';
import { formatGstRate } from '../../components/gst/gst-figures';
import { ProgressBar } from './booking-form-fields';
import { bookingTax } from './booking-gst';
import { formatDateRange } from './format-date';

const rupees = (value: number) => formatInr(toPaise(value));

/** The booked service's name (rows, labels and the delete question use it). */
export const bookingName = (b: ServiceBooking) => b.expand?.service?.name ?? '—';

/** The bookings list's columns and phone card; `actions` are the row's edit/delete buttons. */
export function useBookingColumns(
  actions: (b: ServiceBooking) => ReactNode,
  actionsColumn: DataTableColumn<ServiceBooking>[],
) {
  const { t, i18n } = useTranslation();
  const unit = (b: ServiceBooking) => b.expand?.service?.unit;
  const dates = (b: ServiceBooking) => formatDateRange(b.start_date, b.end_date, i18n.language);
  const perUnit = (b: ServiceBooking) =>
    t('serviceBookings.list.perUnit', { rate: rupees(b.unit_rate), unit: unit(b) ?? '' });
  // What the booking owes (total + GST), with its GST beneath when it has a rate.
  const owed = (b: ServiceBooking, big = false) => {
    const tax = bookingTax(b);
    return (
      <div className="text-right" data-testid={`booking-owed-${b.id}`}>
        <p className={big ? 'text-base font-semibold tabular-nums text-fg' : 'font-semibold'}>
          {formatInr(tax.owed)}
        </p>
        {b.gst_rate !== null ? (
          <p className="whitespace-nowrap text-xs font-normal text-fg-muted">
            {t('serviceBookings.list.inclGst', {
              rate: formatGstRate(t, b.gst_rate),
              amount: formatInr(tax.tax),
            })}
          </p>
        ) : null}
      </div>
    );
  };
  const progress = (b: ServiceBooking) => (
    <ProgressBar
      percent={b.percent_completed}
      label={t('serviceBookings.fields.percentCompleted')}
    />
  );

  const columns: DataTableColumn<ServiceBooking>[] = [
    {
      key: 'service',
      header: t('serviceBookings.fields.service'),
      cell: (b) => (
        <div className="min-w-0 max-w-52">
          <p className="truncate font-medium text-fg">{bookingName(b)}</p>
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
          <p className="text-xs text-fg-muted">{perUnit(b)}</p>
        </div>
      ),
    },
    {
      key: 'total',
      header: t('serviceBookings.fields.total'),
      sortKey: 'total_amount',
      firstDirection: 'desc',
      align: 'right',
      // Sorted by the taxable total (the server's column); shown with its GST.
      cell: (b) => owed(b),
    },
    {
      key: 'progress',
      header: t('serviceBookings.fields.progress'),
      sortKey: 'percent_completed',
      hideBelow: 'lg',
      cell: progress,
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
    ...actionsColumn,
  ];

  const mobileCard = (b: ServiceBooking) => (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-base font-semibold text-fg">{bookingName(b)}</p>
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
            {formatQuantity(b.duration, unit(b))} × {perUnit(b)}
          </p>
          {progress(b)}
        </div>
        <div className="shrink-0">{owed(b, true)}</div>
      </div>
    </div>
  );

  return { columns, mobileCard };
}
