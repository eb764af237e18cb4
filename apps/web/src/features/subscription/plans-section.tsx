import { Info, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import type { BillingCycle, Plan, SubscriptionState } from '../../lib/subscription-api';
import type { PaymentMode } from './checkout';
import { CycleToggle } from './cycle-toggle';
import { PlanCard } from './plan-card';
import { RenewToggle } from './renew-toggle';
import type { useCheckout } from './use-checkout';

export function PlansSection({
  plans,
  loading,
  state,
  cycle,
  onCycleChange,
  mode,
  onModeChange,
  checkout,
}: {
  plans: Plan[] | undefined;
  loading: boolean;
  state: SubscriptionState | undefined;
  cycle: BillingCycle;
  onCycleChange: (cycle: BillingCycle) => void;
  mode: PaymentMode;
  onModeChange: (mode: PaymentMode) => void;
  checkout: ReturnType<typeof useCheckout>;
}) {
  const { t } = useTranslation();
  const failure = checkout.failure;
  return (
    <section aria-labelledby="plans-heading" className="space-y-4" data-testid="subscription-plans">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div>
          <h2 id="plans-heading" className="text-lg font-semibold text-fg">
            {t('subscription.plans.title')}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">{t('subscription.plans.description')}</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <CycleToggle value={cycle} onChange={onCycleChange} />
          <RenewToggle value={mode} onChange={onModeChange} />
        </div>
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
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              cycle={cycle}
              mode={mode}
              state={state}
              checkout={checkout}
            />
          ))}
        </ul>
      ) : loading ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
        </div>
      ) : plans ? (
        <p className="text-sm text-fg-muted">{t('subscription.plans.empty')}</p>
      ) : null}
    </section>
  );
}
