import { fromMilli, toMilli, type Service, type ServiceStats } from '@siteledger/domain';
import { CalendarClock, IndianRupee, Tag, Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FigureCards } from '../../components/record-detail/figure-card';
import { formatInteger, formatRupees } from '../../lib/format';
import { durationText, perUnit } from './service-labels';

/** The figures' grid, the loading placeholders' too. */
export const SERVICE_FIGURES_GRID = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4';

/** ₹950.00 with a quieter "/ day". */
function RateValue({ rupees, unit }: { rupees: number; unit: string }) {
  return (
    <>
      {formatRupees(rupees)}
      <span className="text-sm font-medium tracking-normal text-fg-muted"> / {unit}</span>
    </>
  );
}

/** The service's key figures: standard rate, average booked rate, bookings and time booked. */
export function ServiceFigures({
  service,
  stats,
  hasBookings,
  loading,
}: {
  service: Service;
  stats: ServiceStats | undefined;
  hasBookings: boolean;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const unit = service.unit;
  const bookings = stats?.bookings;
  // Quantities are summed in thousandths (integers), never as floats.
  const bookedDuration = fromMilli(
    (bookings ?? []).reduce((sum, booking) => sum + toMilli(booking.duration), 0),
  );
  return (
    <FigureCards
      label={t('services.detail.figures.label')}
      className={SERVICE_FIGURES_GRID}
      cards={[
        {
          label: t('services.fields.standardRate'),
          value: <RateValue rupees={service.standard_rate} unit={perUnit(t, unit)} />,
          caption: t('services.detail.figures.standardCaption'),
          icon: Tag,
          tone: 'blue',
          testId: 'service-figure-standard',
        },
        {
          label: t('services.detail.figures.average'),
          value:
            hasBookings && stats ? (
              <RateValue rupees={stats.rate.average} unit={perUnit(t, unit)} />
            ) : (
              '—'
            ),
          caption: hasBookings
            ? t('services.detail.figures.averageCaption')
            : t('services.detail.figures.noBookings'),
          icon: IndianRupee,
          tone: 'orange',
          loading,
          testId: 'service-figure-average',
        },
        {
          label: t('services.detail.figures.bookings'),
          value: formatInteger(bookings?.length ?? 0),
          caption: t('services.detail.figures.bookingsCaption'),
          icon: CalendarClock,
          tone: 'violet',
          loading,
          testId: 'service-figure-bookings',
        },
        {
          label: t('services.detail.figures.booked'),
          value: durationText(t, bookedDuration, unit),
          caption: t('services.detail.figures.bookedCaption'),
          icon: Timer,
          tone: 'teal',
          loading,
          testId: 'service-figure-booked',
        },
      ]}
    />
  );
}
