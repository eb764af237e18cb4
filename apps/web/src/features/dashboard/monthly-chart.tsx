/**
 * The dashboard's monthly expense card: deliveries and service bookings per month, stacked.
 * The SVG bars load on demand (their own chunk) and mount once the browser is idle, so the
 * figures above paint first.
 */
import type { DashboardMonth } from '@siteledger/domain';
import { BarChart3 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkBoundary } from '../../components/ui/chunk-boundary';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useIdleReady } from '../../lib/use-idle-ready';
import { SERIES_COLORS } from './chart-colors';
import { RetryButton } from '../../components/ui/retry-button';

const MonthlyChartCanvas = lazy(() => import('./monthly-chart-canvas'));

function Legend() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-4 text-xs text-fg-muted">
      {(['deliveries', 'service_bookings'] as const).map((key) => (
        <span key={key} className="inline-flex items-center gap-1.5">
          <span
            className="size-2.5 rounded-sm"
            style={{ background: SERIES_COLORS[key] }}
            aria-hidden="true"
          />
          {t(`dashboard.chart.${key}`)}
        </span>
      ))}
    </div>
  );
}

export function MonthlyChart({
  months,
  loading,
}: {
  months: DashboardMonth[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const idle = useIdleReady();
  const empty = !loading && (months ?? []).every((month) => month.total === 0);

  const frame = 'flex size-full flex-col items-center justify-center gap-3 rounded-xl px-6';
  return (
    <Card className="flex min-w-0 flex-col p-5 sm:p-6" data-testid="dashboard-monthly">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-fg">{t('dashboard.chart.title')}</h2>
          <p className="mt-0.5 text-sm text-fg-muted">{t('dashboard.chart.description')}</p>
        </div>
        {!loading && !empty ? <Legend /> : null}
      </div>
      <div className="mt-4 h-64 sm:h-80">
        {loading || (!idle && !empty) ? (
          <Skeleton className="size-full rounded-xl" />
        ) : empty || !months ? (
          <div
            className={`${frame} border border-dashed border-border-strong text-center`}
            data-testid="dashboard-monthly-empty"
          >
            <span className="flex size-11 items-center justify-center rounded-xl bg-surface-muted text-fg-subtle">
              <BarChart3 className="size-5" aria-hidden="true" />
            </span>
            <p className="text-sm font-medium text-fg">{t('dashboard.chart.emptyTitle')}</p>
            <p className="max-w-xs text-xs leading-relaxed text-fg-muted">
              {t('dashboard.chart.emptyDescription')}
            </p>
          </div>
        ) : (
          <ChunkBoundary
            fallback={
              <div className={`${frame} border border-dashed border-border-strong`} role="alert">
                <p className="text-sm text-fg-muted">{t('dashboard.chart.loadFailed')}</p>
                <RetryButton onRetry={() => window.location.reload()} className="size-4" />
              </div>
            }
          >
            <Suspense fallback={<Skeleton className="size-full rounded-xl" />}>
              <MonthlyChartCanvas months={months} label={t('dashboard.chart.title')} />
            </Suspense>
          </ChunkBoundary>
        )}
      </div>
    </Card>
  );
}
