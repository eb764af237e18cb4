import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { useToast } from '../../components/ui/toast-context';
import { usePlans, useSubscription, type BillingCycle } from '../../lib/subscription-api';
import { BillingDetailsCard } from './billing-details-card';
import { BillingHistory } from './billing-history';
import type { PaymentMode } from './checkout';
import { CurrentPlanCard } from './current-plan-card';
import { PlansSection } from './plans-section';
import { UsageCard } from './usage-card';
import { useCheckout } from './use-checkout';
import { RetryAlert } from '../../components/ui/retry-button';

/**
 * Subscription (owner only; spec part 2, issue 26): the current plan with its next charge or end,
 * usage this month against its limits, the plans with upgrade through Razorpay checkout (renewing
 * or paid once) and the move to Free, cancel and reactivate, the billing history with its tax
 * invoices and the buyer details printed on them.
 */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const subscription = useSubscription();
  const plans = usePlans();
  const checkout = useCheckout();
  const state = subscription.data;
  const [chosenCycle, setCycle] = useState<BillingCycle | null>(null);
  const cycle = chosenCycle ?? state?.subscription?.billing_cycle ?? 'monthly';
  // Renewing is the default; "Pay once" is the owner's explicit choice.
  const [mode, setMode] = useState<PaymentMode>('renew');

  // Spec part 8: "Failed to load subscription" (once per failure, not on every render).
  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (!subscription.isError || toasted.current === subscription.error) return;
    toasted.current = subscription.error;
    toast.error(t('subscription.errors.load'));
  }, [subscription.isError, subscription.error, toast, t]);

  const loading = subscription.isPending && !subscription.isError;

  return (
    <div className="space-y-8" data-testid="page-subscription">
      <PageHeader
        title={t('pages.subscription.title')}
        subtitle={t('pages.subscription.description')}
        className="mb-0"
      />

      {subscription.isError ? (
        <RetryAlert
          title={t('subscription.errors.load')}
          query={subscription}
          testId="subscription-load-error"
        />
      ) : null}

      <div className="grid gap-4 lg:grid-cols-5">
        <CurrentPlanCard state={state} loading={loading} />
        <UsageCard state={state} loading={loading} />
      </div>

      <PlansSection
        plans={plans.data}
        loading={plans.isPending && !plans.isError}
        state={state}
        cycle={cycle}
        onCycleChange={setCycle}
        mode={mode}
        onModeChange={setMode}
        checkout={checkout}
      />

      <BillingHistory />

      <BillingDetailsCard billing={state ? state.billing : undefined} loading={loading} />
    </div>
  );
}
