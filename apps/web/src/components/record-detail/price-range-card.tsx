/**
 * Lowest, highest and average unit price (or rate) with a bar that places the average between
 * the two. Strings come from `<keyPrefix>.range.*` of the feature's locale fragment.
 * (Same file in features/items and features/services: features do not import each other.)
 */
import { formatInr, toPaise } from '@siteledger/domain';
import { ArrowDownRight, ArrowUpRight, Equal } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../ui/card';
import { Skeleton } from '../ui/skeleton';
import { cn } from '../../lib/cn';

export interface PriceRange {
  lowest: number;
  highest: number;
  average: number;
}

function Row({
  icon: Icon,
  label,
  value,
  className,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  className: string;
  testId: string;
}) {
  return (
    <div className="flex items-center justify-between gap-3 py-3">
      <dt className="flex items-center gap-2.5 text-sm text-fg-muted">
        <span className={cn('flex size-7 items-center justify-center rounded-lg', className)}>
          <Icon className="size-4" aria-hidden="true" />
        </span>
        {label}
      </dt>
      <dd className="text-base font-semibold tabular-nums text-fg" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function PriceRangeCard({
  keyPrefix,
  range,
  unit,
  hasData,
  loading = false,
  testId,
}: {
  keyPrefix: string;
  range: PriceRange | undefined;
  unit: string;
  hasData: boolean;
  loading?: boolean;
  testId: string;
}) {
  const { t } = useTranslation(undefined, { keyPrefix });
  const lowest = toPaise(range?.lowest ?? 0);
  const highest = toPaise(range?.highest ?? 0);
  const average = toPaise(range?.average ?? 0);
  const span = highest - lowest;
  const position = span > 0 ? Math.min(100, Math.max(0, ((average - lowest) / span) * 100)) : 50;

  return (
    <Card className="flex flex-col p-5 sm:p-6" data-testid={testId}>
      <h2 className="text-base font-semibold text-fg">{t('range.title')}</h2>
      <p className="mt-0.5 text-sm text-fg-muted">{t('range.perUnit', { unit })}</p>
      {loading ? (
        <div className="mt-5 space-y-4">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-full" />
        </div>
      ) : !hasData ? (
        <p className="mt-5 rounded-xl bg-surface-muted/70 p-4 text-sm text-fg-muted">
          {t('range.empty')}
        </p>
      ) : (
        <>
          <dl className="mt-3 divide-y divide-border">
            <Row
              icon={ArrowDownRight}
              label={t('range.lowest')}
              value={formatInr(lowest)}
              className="bg-success-soft text-success-soft-fg"
              testId={`${testId}-lowest`}
            />
            <Row
              icon={ArrowUpRight}
              label={t('range.highest')}
              value={formatInr(highest)}
              className="bg-danger-soft text-danger-soft-fg"
              testId={`${testId}-highest`}
            />
            <Row
              icon={Equal}
              label={t('range.average')}
              value={formatInr(average)}
              className="bg-primary-soft text-primary-soft-fg"
              testId={`${testId}-average`}
            />
          </dl>
          <div className="mt-auto pt-4" aria-hidden="true">
            <div className="relative h-2 rounded-full bg-gradient-to-r from-success/50 via-amber-400/50 to-danger/50">
              <span
                className="absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-surface bg-primary shadow-card"
                style={{ left: `${position}%` }}
              />
            </div>
            <div className="mt-2 flex justify-between text-xs text-fg-subtle">
              <span>{t('range.lowest')}</span>
              <span>{t('range.spread', { amount: formatInr(span) })}</span>
              <span>{t('range.highest')}</span>
            </div>
          </div>
        </>
      )}
    </Card>
  );
}
