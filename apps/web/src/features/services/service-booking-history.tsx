import type { ServiceStats } from '@siteledger/domain';
import { ArrowRight, CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { StatusBadge } from '../../components/ui/status-badge';
import { formatRupees } from '../../lib/format';
import { formatIsoDate } from '../../components/record-detail/dates';
import { CompactEmpty, SectionHeading } from '../../components/record-detail/figure-card';
import { durationText, perUnit } from './service-labels';

type Booking = ServiceStats['bookings'][number];

const vendorLinkClass =
  'font-medium text-fg hover:text-primary hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring';

/** The service's bookings (not cancelled), newest first, as the stats endpoint orders them. */
export function ServiceBookingHistory({
  serviceId,
  bookings,
  unit,
  loading,
  error,
  onRetry,
  canRecord,
}: {
  serviceId: string;
  bookings: Booking[] | undefined;
  unit: string;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  canRecord: boolean;
}) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatIsoDate(iso, i18n.language);
  const period = (booking: Booking) =>
    booking.end_date && booking.end_date !== booking.start_date
      ? t('services.detail.history.period', {
          start: date(booking.start_date),
          end: date(booking.end_date),
        })
      : booking.end_date
        ? date(booking.start_date)
        : t('services.detail.history.from', { start: date(booking.start_date) });
  const rate = (booking: Booking) => (
    <>
      {formatRupees(booking.unit_rate)}
      <span className="text-fg-muted"> / {perUnit(t, unit)}</span>
    </>
  );

  const columns: DataTableColumn<Booking>[] = [
    {
      key: 'dates',
      header: t('services.detail.history.dates'),
      cell: (booking) => <span className="whitespace-nowrap">{period(booking)}</span>,
    },
    {
      key: 'vendor',
      header: t('services.detail.history.vendor'),
      cell: (booking) => (
        <Link to={`/vendors/${booking.vendor}`} className={vendorLinkClass}>
          {booking.vendor_name}
        </Link>
      ),
    },
    {
      key: 'duration',
      header: t('services.detail.history.duration'),
      align: 'right',
      cell: (booking) => durationText(t, booking.duration, unit),
    },
    {
      key: 'rate',
      header: t('services.detail.history.rate'),
      align: 'right',
      hideBelow: 'lg',
      cell: rate,
    },
    {
      key: 'total',
      header: t('services.detail.history.total'),
      align: 'right',
      cell: (booking) => (
        <span className="font-semibold">{formatRupees(booking.total_amount)}</span>
      ),
    },
    {
      key: 'status',
      header: t('services.detail.history.status'),
      cell: (booking) => <StatusBadge kind="booking" status={booking.status} />,
    },
  ];

  const mobileCard = (booking: Booking) => (
    <div className="space-y-2.5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link to={`/vendors/${booking.vendor}`} className={`block truncate ${vendorLinkClass}`}>
            {booking.vendor_name}
          </Link>
          <p className="text-sm text-fg-muted">{period(booking)}</p>
        </div>
        <p className="shrink-0 text-base font-semibold tabular-nums text-fg">
          {formatRupees(booking.total_amount)}
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface-muted/70 px-3 py-2 text-sm tabular-nums text-fg-muted">
        <span>
          {t('services.detail.history.lineSummary', {
            duration: durationText(t, booking.duration, unit),
            rate: formatRupees(booking.unit_rate),
          })}
        </span>
        <StatusBadge kind="booking" status={booking.status} />
      </div>
    </div>
  );

  return (
    <section aria-labelledby="service-history-heading">
      <SectionHeading
        id="service-history-heading"
        title={t('services.detail.history.title')}
        count={bookings?.length}
        description={t('services.detail.history.description')}
        actions={
          bookings?.length ? (
            <Link
              to={`/service-bookings?service=${encodeURIComponent(serviceId)}`}
              className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary hover:text-primary-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
            >
              {t('services.detail.history.viewAll')}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          ) : null
        }
      />
      <DataTable
        columns={columns}
        rows={bookings}
        rowKey={(booking) => booking.id}
        loading={loading}
        error={error}
        onRetry={onRetry}
        mobileCard={mobileCard}
        skeletonRows={3}
        label={t('services.detail.history.title')}
        testId="service-history"
        rowTestId={(booking) => `service-history-row-${booking.id}`}
        empty={
          <CompactEmpty
            icon={CalendarClock}
            title={t('services.detail.history.emptyTitle')}
            description={t('services.detail.history.emptyDescription')}
            action={
              canRecord ? (
                <Link to="/service-bookings" className={buttonClasses('secondary', 'md')}>
                  {t('services.detail.history.goToBookings')}
                </Link>
              ) : null
            }
          />
        }
      />
    </section>
  );
}
