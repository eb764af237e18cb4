/**
 * A card with the unit-price (or rate) trend over time. The SVG chart loads on demand, so list
 * pages and the first paint of the detail page do not carry it. Strings: `<keyPrefix>.trend.*`.
 * (Same file in features/items and features/services: features do not import each other.)
 */
import { LineChart as LineChartIcon, RefreshCw } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkBoundary } from '../ui/chunk-boundary';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Skeleton } from '../ui/skeleton';
import type { TrendPoint } from './trend-scale';

const TrendChartCanvas = lazy(() => import('./trend-chart-canvas'));

export type { TrendPoint };

const CHART_HEIGHT = 'h-60 sm:h-72';

export function TrendChart({
  keyPrefix,
  points,
  average,
  loading = false,
  testId,
}: {
  keyPrefix: string;
  points: TrendPoint[] | undefined;
  average?: number | undefined;
  loading?: boolean;
  testId: string;
}) {
  const { t } = useTranslation(undefined, { keyPrefix });
  const { t: tRoot } = useTranslation();
  const empty = !loading && (points?.length ?? 0) === 0;
  return (
    <Card className="flex min-w-0 flex-col p-5 sm:p-6" data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold text-fg">{t('trend.title')}</h2>
          <p className="mt-0.5 text-sm text-fg-muted">{t('trend.description')}</p>
        </div>
        {!empty && !loading && average !== undefined ? (
          <span className="inline-flex items-center gap-1.5 text-xs text-fg-muted">
            <span
              className="inline-block h-0 w-4 border-t-2 border-dashed border-fg-subtle"
              aria-hidden="true"
            />
            {t('trend.averageLine')}
          </span>
        ) : null}
      </div>
      <div className={`mt-4 ${CHART_HEIGHT}`}>
        {loading ? (
          <Skeleton className="size-full rounded-xl" />
        ) : empty || !points ? (
          <div
            className="flex size-full flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-border-strong px-6 text-center"
            data-testid={`${testId}-empty`}
          >
            <span className="flex size-11 items-center justify-center rounded-xl bg-surface-muted text-fg-subtle">
              <LineChartIcon className="size-5" aria-hidden="true" />
            </span>
            <p className="text-sm font-medium text-fg">{t('trend.emptyTitle')}</p>
            <p className="max-w-xs text-xs leading-relaxed text-fg-muted">
              {t('trend.emptyDescription')}
            </p>
          </div>
        ) : (
          <ChunkBoundary
            fallback={
              <div
                className="flex size-full flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-border-strong px-6 text-center"
                role="alert"
              >
                <p className="text-sm text-fg-muted">{t('trend.loadFailed')}</p>
                <Button
                  variant="secondary"
                  onClick={() => window.location.reload()}
                  icon={<RefreshCw className="size-4" aria-hidden="true" />}
                >
                  {tRoot('common.retry')}
                </Button>
              </div>
            }
          >
            <Suspense fallback={<Skeleton className="size-full rounded-xl" />}>
              <TrendChartCanvas
                points={points}
                average={average}
                label={t('trend.title')}
                valueLabel={t('trend.value')}
                averageLabel={t('trend.averageLine')}
              />
            </Suspense>
          </ChunkBoundary>
        )}
      </div>
    </Card>
  );
}
