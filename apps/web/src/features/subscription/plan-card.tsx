import { Check, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatTimestamp } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import {
  PLAN_RESOURCES,
  type BillingCycle,
  type Plan,
  type SubscriptionState,
} from '../../lib/subscription-api';
import type { PaymentMode } from './checkout';
import { DowngradeButton } from './downgrade-button';
import { FeatureRow } from './plan-feature-row';
import { canDowngradeTo, canRenewCurrent, mustSubscribeAgain } from './plan-renewal';
import { planPrice, yearlySaving, isPaidPlan } from './usage';
import type { useCheckout } from './use-checkout';

/** One plan: price for the cycle, yearly saving, limits, and buy / renew / move to Free / current. */
export function PlanCard({
  plan,
  cycle,
  mode,
  state,
  checkout,
}: {
  plan: Plan;
  cycle: BillingCycle;
  mode: PaymentMode;
  state: SubscriptionState | undefined;
  checkout: ReturnType<typeof useCheckout>;
}) {
  const { t, i18n } = useTranslation();
  const sub = state?.subscription ?? null;
  const isCurrent = sub?.plan.id === plan.id;
  const paid = isPaidPlan(plan);
  // The current plan is bought again only once its period is over (lapsed, inactive, in grace)
  // or its renewal charge failed; a cancelled plan stays usable until its period ends, so paying
  // again then would charge twice.
  const renewable = isCurrent && state !== undefined && canRenewCurrent(state);
  const downgradable = state !== undefined && canDowngradeTo(plan, state);
  const pendingHere = sub?.pending_plan?.id === plan.id;
  const canBuy = paid && (!isCurrent || renewable);
  const configured = state?.payments_configured ?? false;
  const busy = checkout.pending?.planId === plan.id && checkout.phase !== 'idle';
  const saving = yearlySaving(plan);
  const amount = planPrice(plan, cycle);

  return (
    <li
      className={cn(
        'relative flex flex-col rounded-2xl border bg-surface p-5 shadow-card sm:p-6',
        isCurrent ? 'border-primary ring-1 ring-primary' : 'border-border',
      )}
      data-testid={`plan-${plan.name}`}
      data-current={isCurrent || undefined}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg font-semibold text-fg">{plan.name}</h3>
        {isCurrent ? (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary-soft-fg"
            data-testid="plan-current-badge"
          >
            <Check className="size-3.5" aria-hidden="true" />
            {t('subscription.plans.current')}
          </span>
        ) : pendingHere ? (
          <span
            className="inline-flex items-center rounded-full bg-surface-muted px-2.5 py-0.5 text-xs font-semibold text-fg-muted"
            data-testid="plan-pending-badge"
          >
            {sub?.current_period_end
              ? t('subscription.plans.pendingFrom', {
                  date: formatTimestamp(sub.current_period_end, i18n.language),
                })
              : t('subscription.plans.pending')}
          </span>
        ) : null}
      </div>
      <div className="mt-3 min-h-[4.25rem]">
        <p className="flex items-baseline gap-1.5">
          <span
            className="text-3xl font-semibold tracking-tight text-fg tabular-nums"
            data-testid={`plan-${plan.name}-price`}
          >
            {formatRupees(amount)}
          </span>
          <span className="text-sm text-fg-muted">
            {cycle === 'yearly'
              ? t('subscription.plans.perYear')
              : t('subscription.plans.perMonth')}
          </span>
        </p>
        {paid && cycle === 'yearly' && saving > 0 ? (
          <p
            className="mt-1.5 inline-flex rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-success-soft-fg"
            data-testid={`plan-${plan.name}-saving`}
          >
            {t('subscription.plans.save', { amount: formatRupees(saving) })}
          </p>
        ) : !paid ? (
          <p className="mt-1.5 text-xs font-medium text-fg-muted">{t('subscription.plans.free')}</p>
        ) : null}
      </div>
      <ul className="mt-4 flex-1 space-y-2.5 border-t border-border pt-4">
        {PLAN_RESOURCES.map((resource) => (
          <FeatureRow key={resource} plan={plan} feature={resource} />
        ))}
        <FeatureRow plan={plan} feature="sites" />
      </ul>
      {canBuy ? (
        <Button
          className="mt-5"
          fullWidth
          size="lg"
          icon={<Sparkles className="size-4" aria-hidden="true" />}
          onClick={() => checkout.start(plan, cycle, mode)}
          loading={busy}
          disabled={!configured || (checkout.phase !== 'idle' && !busy)}
          data-testid={`upgrade-${plan.name}`}
        >
          {!renewable
            ? t('subscription.plans.upgrade')
            : state && mustSubscribeAgain(state)
              ? t('subscription.plans.subscribeAgain')
              : t('subscription.plans.renew')}
        </Button>
      ) : downgradable && state ? (
        <DowngradeButton plan={plan} state={state} />
      ) : isCurrent ? (
        <Button className="mt-5" fullWidth size="lg" variant="secondary" disabled>
          {t('subscription.plans.current')}
        </Button>
      ) : null}
    </li>
  );
}
