import { Check, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { formatInteger } from '../../lib/format';
import type { Plan, PlanResource } from '../../lib/subscription-api';

type FeatureKey = PlanResource | 'sites';

function featureCap(plan: Plan, key: FeatureKey): number {
  return plan.features[`max_${key}` as const];
}

/** One limit of a plan: unlimited, not available, or its cap (per month, or sites). */
export function FeatureRow({ plan, feature }: { plan: Plan; feature: FeatureKey }) {
  const { t } = useTranslation();
  const cap = featureCap(plan, feature);
  const value =
    cap < 0
      ? t('subscription.plans.unlimited')
      : cap === 0
        ? t('subscription.plans.notAvailable')
        : feature === 'sites'
          ? t('subscription.plans.sitesLimit', { count: formatInteger(cap) })
          : t('subscription.plans.perMonthLimit', { count: formatInteger(cap) });
  const Icon = cap === 0 ? Minus : Check;
  return (
    <li className="flex items-center gap-2.5 text-sm" data-testid={`plan-${plan.name}-${feature}`}>
      <Icon
        className={cn('size-4 shrink-0', cap === 0 ? 'text-fg-subtle' : 'text-success')}
        aria-hidden="true"
      />
      <span className={cn('flex-1', cap === 0 ? 'text-fg-subtle' : 'text-fg-muted')}>
        {t(`planLimit.resourceTitles.${feature}`)}
      </span>
      <span className={cn('font-medium tabular-nums', cap === 0 ? 'text-fg-subtle' : 'text-fg')}>
        {value}
      </span>
    </li>
  );
}
