import type { ComponentProps } from 'react';
import { TagChips } from '../../components/tag-picker';
import { RecordDeleteConfirm } from '../../components/record-detail/record-delete-confirm';
import { RecordHeader } from '../../components/record-detail/detail-actions';
import { GstRatePill, Pill, PillSubtitle } from '../../components/record-detail/pill';
import { RecordPending } from '../../components/record-detail/record-pending';
import { useStatsDetail } from '../../components/record-detail/use-stats-detail';
import { FigureSkeletons } from '../../components/record-detail/figure-card';
import { useDeleteService, useService, useServiceQuotations, useServiceStats } from './api';
import { PriceTrendRow } from '../../components/record-detail/price-trend-row';
import { QuotationsCard } from '../../components/record-detail/quotations-card';
import { ServiceBookingHistory } from './service-booking-history';
import { ServiceFormDialog } from './service-form-dialog';
import { ServiceFigures, SERVICE_FIGURES_GRID } from './service-figures';
import { ActiveBadge, CategoryLabel, perUnit } from './service-labels';
import { RecordHistory } from '../../components/record-history';

const KEYS = 'services.detail';

/** /services/:id — rates, rate range and trend, booking history and quotations. */
export function ServiceDetailPage() {
  const page = useStatsDetail(
    {
      useRecord: useService,
      useStats: useServiceStats,
      useQuotations: useServiceQuotations,
      useDelete: useDeleteService,
    },
    { to: '/services', labelKey: 'services.detail.back' },
  );
  const { record: service, id, t, stats, quotations, remove, editing, setEditing } = page;
  const { confirm, back, statsLoading } = page;

  if (!service) return <DetailSkeleton back={back} query={page.query} />;

  const unit = service.unit;
  const bookings = stats.data?.bookings;
  const hasBookings = (bookings?.length ?? 0) > 0;

  return (
    <div className="space-y-8" data-testid="page-service-detail">
      <RecordHeader
        one="service"
        name={service.name}
        subtitle={
          <PillSubtitle description={service.description}>
            <Pill testId="service-detail-category">
              <CategoryLabel category={service.category} className="gap-1 [&_svg]:size-3.5" />
            </Pill>
            {service.service_type ? <Pill>{service.service_type}</Pill> : null}
            <Pill>{t('services.detail.unit', { unit: perUnit(t, unit) })}</Pill>
            {service.sac_code ? (
              <Pill testId="service-detail-sac">
                {t('gst.service.sacValue', { code: service.sac_code })}
              </Pill>
            ) : null}
            <GstRatePill rate={service.gst_rate} testId="service-detail-gst" />
            <ActiveBadge active={service.is_active} testId="service-detail-active" />
            <TagChips tags={service.expand?.tags ?? []} max={8} />
          </PillSubtitle>
        }
        {...page.headerActions}
      />

      <ServiceFigures
        service={service}
        stats={stats.data}
        hasBookings={hasBookings}
        loading={statsLoading}
      />

      <PriceTrendRow
        keyPrefix={KEYS}
        points={stats.data?.trend.map((point) => ({ date: point.date, value: point.unit_rate }))}
        average={hasBookings ? stats.data?.rate.average : undefined}
        range={stats.data?.rate}
        unit={perUnit(t, unit)}
        hasData={hasBookings}
        loading={statsLoading}
        testId="service"
        rangeId="rate-range"
      />

      <ServiceBookingHistory
        serviceId={service.id}
        bookings={bookings}
        unit={unit}
        {...page.history}
      />

      <QuotationsCard
        keyPrefix={KEYS}
        query={quotations}
        unit={perUnit(t, unit)}
        viewAllHref={`/quotations?service=${encodeURIComponent(service.id)}`}
        testId="service-quotations"
      />

      <ServiceFormDialog open={editing} onOpenChange={setEditing} service={service} />
      <RecordDeleteConfirm ns="services" one="service" target={confirm} mutation={remove} />
      <RecordHistory entity="services" recordId={id} />
    </div>
  );
}

function DetailSkeleton(props: Pick<ComponentProps<typeof RecordPending>, 'back' | 'query'>) {
  return (
    <RecordPending
      {...props}
      one="service"
      ns="services"
      figures={<FigureSkeletons className={SERVICE_FIGURES_GRID} count={4} />}
    />
  );
}
