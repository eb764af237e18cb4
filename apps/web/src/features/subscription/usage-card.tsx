import { useTranslation } from 'react-i18next';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { formatTimestamp } from '../../lib/dates';
import { formatInteger } from '../../lib/format';
import { usageCount } from '../../lib/plan-limits';
import {
  PLAN_RESOURCES,
  type PlanResource,
  type SubscriptionState,
} from '../../lib/subscription-api';
import { usageMeter, type UsageLevel } from './usage';

const BAR: Record<UsageLevel, string> = {
  ok: 'bg-success',
  warning: 'bg-amber-500',
  full: 'bg-danger',
  unlimited: 'bg-transparent',
  disabled: 'bg-transparent',
};

const VALUE: Record<UsageLevel, string> = {
  ok: 'text-fg',
  warning: 'text-warning-soft-fg',
  full: 'text-danger-soft-fg',
  unlimited: 'text-fg',
  disabled: 'text-fg-subtle',
};

function UsageRow({ resource, state }: { resource: PlanResource; state: SubscriptionState }) {
  const { t } = useTranslation();
  const limit = state.limits[resource] ?? -1;
  const count = usageCount(state.usage, resource);
  const meter = usageMeter(limit, count);
  const title = t(`planLimit.resourceTitles.${resource}`);
  const value =
    meter.level === 'unlimited'
      ? t('subscription.usage.unlimited')
      : meter.level === 'disabled'
        ? t('subscription.usage.notAvailable')
        : t('subscription.usage.of', { count: formatInteger(count), limit: formatInteger(limit) });
  const hasBar = meter.level !== 'unlimited' && meter.level !== 'disabled';

  return (
    <li data-testid={`usage-${resource}`} data-level={meter.level} className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-fg">{title}</span>
        <span className={cn('tabular-nums font-semibold', VALUE[meter.level])}>{value}</span>
      </div>
      {hasBar ? (
        <div
          role="progressbar"
          aria-label={t('subscription.usage.label', { resource: title, value })}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(count, limit)}
          aria-valuetext={value}
          className="h-2 overflow-hidden rounded-full bg-surface-muted"
        >
          <div
            className={cn('h-full rounded-full transition-[width] duration-500', BAR[meter.level])}
            style={{ width: `${Math.max(meter.percent, count > 0 ? 4 : 0)}%` }}
          />
        </div>
      ) : (
        <div className="flex h-2 items-center">
          <div
            className={cn(
              'h-px w-full',
              meter.level === 'unlimited'
                ? 'border-t border-dashed border-success/50'
                : 'border-t border-dashed border-border-strong',
            )}
            aria-hidden="true"
          />
        </div>
      )}
      {meter.level === 'unlimited' ? (
        <p className="text-xs text-fg-muted">
          {t('subscription.usage.used', { count: formatInteger(count) })}
        </p>
      ) : null}
    </li>
  );
}

/** "Usage this month": one bar per resource, amber from 80 %, red at the cap. */
export function UsageCard({
  state,
  loading,
}: {
  state: SubscriptionState | undefined;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const period = state
    ? t('subscription.usage.period', {
        from: formatTimestamp(state.usage.period_start, i18n.language),
        to: formatTimestamp(state.usage.period_end, i18n.language),
      })
    : null;
  return (
    <Card className="lg:col-span-3" data-testid="subscription-usage">
      <CardHeader className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <CardTitle>{t('subscription.usage.title')}</CardTitle>
        {period ? <p className="text-xs text-fg-muted">{period}</p> : null}
      </CardHeader>
      <CardBody>
        {state ? (
          <ul className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
            {PLAN_RESOURCES.map((resource) => (
              <UsageRow key={resource} resource={resource} state={state} />
            ))}
          </ul>
        ) : loading ? (
          <div className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
            {PLAN_RESOURCES.map((resource) => (
              <div key={resource} className="space-y-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-2 w-full" />
              </div>
            ))}
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
