import { fromMilli, permissionsFor, toMilli, type Service } from '@siteledger/domain';
import { CalendarClock, IndianRupee, Pencil, Tag, Timer, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { TagChips } from '../../components/tag-picker';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatInteger, formatRupees } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useDeleteService, useService, useServiceQuotations, useServiceStats } from './api';
import { FigureCard } from '../../components/record-detail/figure-card';
import { PriceRangeCard } from '../../components/record-detail/price-range-card';
import { QuotationsCard } from '../../components/record-detail/quotations-card';
import { RecordLoadError } from '../../components/record-detail/record-not-found';
import { TrendChart } from '../../components/record-detail/trend-chart';
import { ServiceBookingHistory } from './service-booking-history';
import { ServiceFormDialog } from './service-form-dialog';
import { ActiveBadge, CategoryLabel, durationText, perUnit } from './service-labels';
import { RecordHistory } from '../../components/record-history';

const KEYS = 'services.detail';

const pill =
  'inline-flex items-center rounded-full bg-surface-muted px-2.5 py-0.5 text-xs font-medium text-fg-muted ring-1 ring-inset ring-border';

/** /services/:id — rates, rate range and trend, booking history and quotations. */
export function ServiceDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const can = permissionsFor(useSession().role);
  const serviceQuery = useService(id);
  const stats = useServiceStats(id);
  const quotations = useServiceQuotations(id);
  const remove = useDeleteService();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  // While the delete settles, the cached record is dropped: keep showing the last copy.
  const lastService = useRef<Service | undefined>(undefined);
  if (serviceQuery.data) lastService.current = serviceQuery.data;
  const deleting = remove.isPending || remove.isSuccess;
  const service = serviceQuery.data ?? (deleting ? lastService.current : undefined);
  const back = { to: '/services', label: t('services.detail.back') };

  if (!service) {
    if (serviceQuery.isError) {
      return (
        <div data-testid="page-service-detail">
          <PageHeader title={t('pages.serviceDetail.title')} back={back} />
          <RecordLoadError
            keyPrefix={KEYS}
            error={serviceQuery.error}
            onRetry={() => void serviceQuery.refetch()}
            back={back}
            testId="service-detail-error"
          />
        </div>
      );
    }
    return <DetailSkeleton back={back} />;
  }

  const unit = service.unit;
  const bookings = stats.data?.bookings;
  const hasBookings = (bookings?.length ?? 0) > 0;
  const statsLoading = stats.isPending && !deleting;
  // Quantities are summed in thousandths (integers), never as floats.
  const bookedDuration = fromMilli(
    (bookings ?? []).reduce((sum, booking) => sum + toMilli(booking.duration), 0),
  );

  return (
    <div className="space-y-8" data-testid="page-service-detail">
      <PageHeader
        className="mb-0"
        title={<span data-testid="service-detail-name">{service.name}</span>}
        subtitle={
          <>
            {service.description}
            <span
              className={`flex flex-wrap items-center gap-2 ${service.description ? 'mt-2.5' : ''}`}
            >
              <span className={pill} data-testid="service-detail-category">
                <CategoryLabel category={service.category} className="gap-1 [&_svg]:size-3.5" />
              </span>
              {service.service_type ? <span className={pill}>{service.service_type}</span> : null}
              <span className={pill}>{t('services.detail.unit', { unit: perUnit(t, unit) })}</span>
              <ActiveBadge active={service.is_active} testId="service-detail-active" />
              <TagChips tags={service.expand?.tags ?? []} max={8} />
            </span>
          </>
        }
        back={back}
        actions={
          can.canUpdate || can.canDelete ? (
            <>
              {can.canUpdate ? (
                <Button
                  variant="secondary"
                  icon={<Pencil className="size-4" aria-hidden="true" />}
                  onClick={() => setEditing(true)}
                  data-testid="service-detail-edit"
                >
                  {t('kit.actions.edit')}
                </Button>
              ) : null}
              {can.canDelete ? (
                <Button
                  variant="secondary"
                  className="hover:border-danger/40 hover:text-danger"
                  icon={<Trash2 className="size-4" aria-hidden="true" />}
                  onClick={() => {
                    remove.reset();
                    setConfirming(true);
                  }}
                  data-testid="service-detail-delete"
                >
                  {t('kit.actions.delete')}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />

      <section
        aria-label={t('services.detail.figures.label')}
        className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      >
        <FigureCard
          label={t('services.fields.standardRate')}
          value={<RateValue rupees={service.standard_rate} unit={perUnit(t, unit)} />}
          caption={t('services.detail.figures.standardCaption')}
          icon={Tag}
          tone="blue"
          testId="service-figure-standard"
        />
        <FigureCard
          label={t('services.detail.figures.average')}
          value={
            hasBookings && stats.data ? (
              <RateValue rupees={stats.data.rate.average} unit={perUnit(t, unit)} />
            ) : (
              '—'
            )
          }
          caption={
            hasBookings
              ? t('services.detail.figures.averageCaption')
              : t('services.detail.figures.noBookings')
          }
          icon={IndianRupee}
          tone="orange"
          loading={statsLoading}
          testId="service-figure-average"
        />
        <FigureCard
          label={t('services.detail.figures.bookings')}
          value={formatInteger(bookings?.length ?? 0)}
          caption={t('services.detail.figures.bookingsCaption')}
          icon={CalendarClock}
          tone="violet"
          loading={statsLoading}
          testId="service-figure-bookings"
        />
        <FigureCard
          label={t('services.detail.figures.booked')}
          value={durationText(t, bookedDuration, unit)}
          caption={t('services.detail.figures.bookedCaption')}
          icon={Timer}
          tone="teal"
          loading={statsLoading}
          testId="service-figure-booked"
        />
      </section>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <TrendChart
            keyPrefix={KEYS}
            points={stats.data?.trend.map((point) => ({
              date: point.date,
              value: point.unit_rate,
            }))}
            average={hasBookings ? stats.data?.rate.average : undefined}
            loading={statsLoading}
            testId="service-trend"
          />
        </div>
        <PriceRangeCard
          keyPrefix={KEYS}
          range={stats.data?.rate}
          unit={perUnit(t, unit)}
          hasData={hasBookings}
          loading={statsLoading}
          testId="service-rate-range"
        />
      </div>

      <ServiceBookingHistory
        serviceId={service.id}
        bookings={bookings}
        unit={unit}
        loading={statsLoading}
        error={deleting ? null : stats.error}
        onRetry={() => void stats.refetch()}
        canRecord={can.canCreate}
      />

      <QuotationsCard
        keyPrefix={KEYS}
        quotations={quotations.data?.items}
        total={quotations.data?.totalItems}
        unit={perUnit(t, unit)}
        loading={quotations.isPending}
        error={quotations.error}
        onRetry={() => void quotations.refetch()}
        viewAllHref={`/quotations?service=${encodeURIComponent(service.id)}`}
        testId="service-quotations"
      />

      <ServiceFormDialog open={editing} onOpenChange={setEditing} service={service} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('services.delete.title')}
        description={t('services.delete.description', { name: service.name })}
        confirmLabel={t('kit.actions.delete')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => {
          const name = service.name;
          remove.mutate(service.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('services.toast.deleted', { name }));
              void navigate('/services', { replace: true });
            },
          });
        }}
        testId="service-delete-dialog"
      />
      <RecordHistory entity="services" recordId={id} />
    </div>
  );
}

/** ₹950.00 with a quieter "/ day". */
function RateValue({ rupees, unit }: { rupees: number; unit: string }) {
  return (
    <>
      {formatRupees(rupees)}
      <span className="text-sm font-medium tracking-normal text-fg-muted"> / {unit}</span>
    </>
  );
}

function DetailSkeleton({ back }: { back: { to: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-8" data-testid="service-detail-loading" aria-busy="true">
      <PageHeader
        className="mb-0"
        title={<span className="sr-only">{t('common.loading')}</span>}
        back={back}
      >
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-5 w-48" />
      </PageHeader>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-28 rounded-2xl sm:h-32" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-80 rounded-2xl lg:col-span-2" />
        <Skeleton className="h-80 rounded-2xl" />
      </div>
    </div>
  );
}
