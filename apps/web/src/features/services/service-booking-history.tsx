import type { ServiceStats } from '@siteledger/domain';
import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/ui/data-table';
import { StatusBadge } from '../../components/ui/status-badge';
import { formatRupees } from '../../lib/format';
import { formatIsoDate } from '../../components/record-detail/dates';
import {
  HistoryCard,
  historyColumns,
  HistorySection,
  type HistoryFeed,
} from '../../components/record-detail/history-section';
import { ViewAllLink } from '../../components/record-detail/view-all-link';
import { durationText, perUnit } from './service-labels';

type Booking = ServiceStats['bookings'][number];

/** The service's bookings (not cancelled), newest first, as the stats endpoint orders them. */
export function ServiceBookingHistory({
  serviceId,
  bookings,
  unit,
  ...feed
}: HistoryFeed & { serviceId: string; bookings: Booking[] | undefined; unit: string }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatIsoDate(iso, i18n.language);
  const shared = historyColumns<Booking>({
    vendor: t('services.detail.history.vendor'),
    total: t('services.detail.history.total'),
  });
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
    shared.vendor,
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
    shared.total,
    {
      key: 'status',
      header: t('services.detail.history.status'),
      cell: (booking) => <StatusBadge kind="booking" status={booking.status} />,
    },
  ];

  const mobileCard = (booking: Booking) => (
    <HistoryCard row={booking} subtitle={period(booking)}>
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface-muted/70 px-3 py-2 text-sm tabular-nums text-fg-muted">
        <span>
          {t('services.detail.history.lineSummary', {
            duration: durationText(t, booking.duration, unit),
            rate: formatRupees(booking.unit_rate),
          })}
        </span>
        <StatusBadge kind="booking" status={booking.status} />
      </div>
    </HistoryCard>
  );

  return (
    <HistorySection
      id="service-history-heading"
      keyPrefix="services.detail.history"
      headingActions={
        bookings?.length ? (
          <ViewAllLink to={`/service-bookings?service=${encodeURIComponent(serviceId)}`}>
            {t('services.detail.history.viewAll')}
          </ViewAllLink>
        ) : null
      }
      rows={bookings}
      columns={columns}
      mobileCard={mobileCard}
      feed={feed}
      testId="service-history"
      empty={{ icon: CalendarClock, to: '/service-bookings', linkKey: 'goToBookings' }}
    />
  );
}
