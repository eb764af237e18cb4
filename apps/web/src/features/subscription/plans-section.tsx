import { Check, Info, Minus, RefreshCw, Sparkles } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { formatInteger, formatRupees } from '../../lib/format';
import {
  PLAN_RESOURCES,
  type BillingCycle,
  type Plan,
  type PlanResource,
  type SubscriptionState,
} from '../../lib/subscription-api';
import { planPrice, yearlySaving, isPaidPlan } from './usage';
import type { useCheckout } from './use-checkout';

const CYCLES: readonly BillingCycle[] = ['monthly', 'yearly'];

/** Monthly | Yearly as a segmented radio group (arrow keys switch). */
function CycleToggle({
  value,
  onChange,
}: {
  value: BillingCycle;
  onChange: (value: BillingCycle) => void;
}) {
  const { t } = useTranslation();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
    event.preventDefault();
    const next: BillingCycle = value === 'monthly' ? 'yearly' : 'monthly';
    onChange(next);
    event.currentTarget.parentElement
      ?.querySelector<HTMLButtonElement>(`[data-value="${next}"]`)
      ?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label={t('subscription.plans.cycleLabel')}
      className="grid w-full grid-cols-2 gap-1 rounded-xl bg-surface-muted p-1 sm:w-64"
      data-testid="billing-cycle"
    >
      {CYCLES.map((cycle) => {
        const checked = value === cycle;
        return (
          <button
            key={cycle}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            data-value={cycle}
            onClick={() => onChange(cycle)}
            onKeyDown={onKeyDown}
            className={cn(
              'h-10 rounded-lg text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring sm:h-9',
              checked ? 'bg-surface text-fg shadow-card' : 'text-fg-muted hover:text-fg',
            )}
            data-testid={`billing-cycle-${cycle}`}
          >
            {t(`subscription.cycle.${cycle}`)}
          </button>
        );
      })}
    </div>
  );
}

type FeatureKey = PlanResource | 'sites';

function featureCap(plan: Plan, key: FeatureKey): number {
  return plan.features[`max_${key}` as const];
}

function FeatureRow({ plan, feature }: { plan: Plan; feature: FeatureKey }) {
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

function PlanCard({
  plan,
  cycle,
  state,
  checkout,
}: {
  plan: Plan;
  cycle: BillingCycle;
  state: SubscriptionState | undefined;
  checkout: ReturnType<typeof useCheckout>;
}) {
  const { t } = useTranslation();
  const sub = state?.subscription ?? null;
  const isCurrent = sub?.plan.id === plan.id;
  const paid = isPaidPlan(plan);
  // The current plan is bought again only once it no longer runs (lapsed or inactive); a cancelled
  // plan stays usable until its period ends, so paying again then would charge twice.
  const renewable = isCurrent && state !== undefined && !state.active;
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
          onClick={() => checkout.start(plan, cycle)}
          loading={busy}
          disabled={!configured || (checkout.phase !== 'idle' && !busy)}
          data-testid={`upgrade-${plan.name}`}
        >
          {renewable ? t('subscription.plans.renew') : t('subscription.plans.upgrade')}
        </Button>
      ) : isCurrent ? (
        <Button className="mt-5" fullWidth size="lg" variant="secondary" disabled>
          {t('subscription.plans.current')}
        </Button>
      ) : null}
    </li>
  );
}

export function PlansSection({
  plans,
  loading,
  state,
  cycle,
  onCycleChange,
  checkout,
}: {
  plans: Plan[] | undefined;
  loading: boolean;
  state: SubscriptionState | undefined;
  cycle: BillingCycle;
  onCycleChange: (cycle: BillingCycle) => void;
  checkout: ReturnType<typeof useCheckout>;
}) {
  const { t } = useTranslation();
  const failure = checkout.failure;
  return (
    <section aria-labelledby="plans-heading" className="space-y-4" data-testid="subscription-plans">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="plans-heading" className="text-lg font-semibold text-fg">
            {t('subscription.plans.title')}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">{t('subscription.plans.description')}</p>
        </div>
        <CycleToggle value={cycle} onChange={onCycleChange} />
      </div>

      {state && !state.payments_configured ? (
        <div
          role="status"
          className="flex gap-3 rounded-xl border border-border bg-surface-muted px-4 py-3 text-sm text-fg-muted"
          data-testid="payments-not-configured"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{t('subscription.plans.notConfigured')}</p>
        </div>
      ) : null}

      {failure ? (
        <div
          className="flex flex-col gap-3 sm:flex-row sm:items-center"
          data-testid="payment-failed"
        >
          <Alert tone="error" title={t('subscription.checkout.paymentFailed')} className="flex-1">
            {failure.detail ??
              t('subscription.checkout.paymentFailedDetail', { plan: failure.planName })}
          </Alert>
          <Button
            variant="secondary"
            onClick={checkout.retry}
            disabled={checkout.phase !== 'idle'}
            icon={<RefreshCw className="size-4" aria-hidden="true" />}
            data-testid="payment-retry"
          >
            {t('subscription.checkout.retry')}
          </Button>
        </div>
      ) : null}

      {checkout.phase === 'opening' ? (
        <p className="text-sm text-fg-muted" role="status" data-testid="checkout-opening">
          {t('subscription.checkout.opening')}
        </p>
      ) : null}

      {plans && plans.length > 0 ? (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} cycle={cycle} state={state} checkout={checkout} />
          ))}
        </ul>
      ) : loading ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
        </div>
      ) : plans ? (
        <p className="text-sm text-fg-muted">{t('subscription.plans.empty')}</p>
      ) : null}
    </section>
  );
}
