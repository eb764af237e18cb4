import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage, isApiError } from '../../lib/api-client';
import { DEFAULT_CHECKOUT_URL, useAppConfig } from '../../lib/app-config';
import { useSession } from '../../lib/session';
import type { BillingCycle, Plan } from '../../lib/subscription-api';
import { useCheckoutOrder, useSubscribe, useVerifyPayment } from './api';
import {
  brandColor,
  checkoutOptions,
  loadCheckoutScript,
  subscriptionCheckoutOptions,
  verifyInputOf,
  type PaymentMode,
  type PendingCheckout,
  type RazorpayAnyResponse,
  type RazorpayConstructor,
  type RazorpayOptions,
} from './checkout';

/** A payment that did not go through, shown inline with Retry. */
export interface CheckoutFailure extends PendingCheckout {
  detail: string | null;
}

export type CheckoutPhase = 'idle' | 'opening' | 'open' | 'verifying';

/**
 * Upgrade through Razorpay: load the script (once), create the subscription (renews, the default)
 * or the order (pay once) on the server, open the widget, and verify its answer on the server. A failed payment is kept as `failure` (the page
 * shows "Payment failed" with Retry); a failure before the widget opens is a toast.
 */
export function useCheckout() {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const config = useAppConfig();
  const order = useCheckoutOrder();
  const subscribe = useSubscribe();
  const verify = useVerifyPayment();
  const [phase, setPhaseState] = useState<CheckoutPhase>('idle');
  // Read by the widget's callbacks, which outlive the render that created them.
  const phaseRef = useRef<CheckoutPhase>('idle');
  const setPhase = (next: CheckoutPhase) => {
    phaseRef.current = next;
    setPhaseState(next);
  };
  const [pending, setPending] = useState<PendingCheckout | null>(null);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  // Razorpay may call back after a dismiss; only the latest attempt may change the state.
  const attempt = useRef(0);

  const upgradeFailed = (error: unknown) =>
    toast.error(
      t('subscription.errors.withReason', {
        message: t('subscription.errors.upgrade'),
        reason: errorMessage(error, t),
      }),
    );

  const finish = () => {
    setPhase('idle');
    setPending(null);
  };

  const paid = async (target: PendingCheckout, response: RazorpayAnyResponse, id: number) => {
    if (id !== attempt.current) return;
    setPhase('verifying');
    try {
      const state = await verify.mutateAsync(verifyInputOf(response));
      setFailure(null);
      toast.success(
        t('subscription.toast.upgraded', {
          plan: state.subscription?.plan.name ?? target.planName,
        }),
      );
    } catch (error) {
      const verificationFailed = isApiError(error) && error.code === 'PAYMENT_VERIFICATION_FAILED';
      setFailure({ ...target, detail: verificationFailed ? null : errorMessage(error, t) });
    } finally {
      if (id === attempt.current) finish();
    }
  };

  const start = async (plan: Pick<Plan, 'id' | 'name'>, cycle: BillingCycle, mode: PaymentMode) => {
    const target: PendingCheckout = { planId: plan.id, planName: plan.name, cycle, mode };
    const id = ++attempt.current;
    setFailure(null);
    setPending(target);
    setPhase('opening');

    let Razorpay: RazorpayConstructor;
    try {
      Razorpay = await loadCheckoutScript(
        config.data?.razorpay_checkout_url ?? DEFAULT_CHECKOUT_URL,
      );
    } catch {
      if (id === attempt.current) finish();
      toast.error(t('subscription.checkout.scriptFailed'));
      return;
    }

    const common = {
      planName: plan.name,
      description: t(
        mode === 'renew'
          ? 'subscription.checkout.renewDescription'
          : 'subscription.checkout.description',
        { plan: plan.name, cycle: t(`subscription.cycle.${cycle}`) },
      ),
      user: user ? { name: user.name, email: user.email } : null,
      color: brandColor(),
      // Closing the widget ends the attempt, but not a verification already under way.
      onDismiss: () => {
        if (id === attempt.current && phaseRef.current === 'open') finish();
      },
    };
    let options: RazorpayOptions;
    try {
      const input = { plan: plan.id, billing_cycle: cycle };
      options =
        mode === 'renew'
          ? subscriptionCheckoutOptions({
              ...common,
              subscription: await subscribe.mutateAsync(input),
              onPaid: (response) => void paid(target, response, id),
            })
          : checkoutOptions({
              ...common,
              order: await order.mutateAsync(input),
              onPaid: (response) => void paid(target, response, id),
            });
    } catch (error) {
      if (id === attempt.current) finish();
      upgradeFailed(error);
      return;
    }
    if (id !== attempt.current) return;

    try {
      const widget = new Razorpay(options);
      widget.on('payment.failed', (response) => {
        if (id !== attempt.current) return;
        setFailure({ ...target, detail: response.error?.description ?? null });
      });
      setPhase('open');
      widget.open();
    } catch (error) {
      if (id === attempt.current) finish();
      upgradeFailed(error);
    }
  };

  return {
    phase,
    /** The plan being bought (its Upgrade button shows a spinner). */
    pending,
    failure,
    start: (plan: Pick<Plan, 'id' | 'name'>, cycle: BillingCycle, mode: PaymentMode) =>
      void start(plan, cycle, mode),
    retry: () => {
      if (failure) {
        void start({ id: failure.planId, name: failure.planName }, failure.cycle, failure.mode);
      }
    },
    dismissFailure: () => setFailure(null),
  };
}
