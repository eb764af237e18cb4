import { CreditCard, RotateCcw, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { StatusBadge } from '../../components/ui/status-badge';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatTimestamp } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import type { SiteSubscription, SubscriptionState } from '../../lib/subscription-api';
import { useCancelSubscription, useReactivateSubscription } from './api';
import { isPaidPlan } from './usage';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="text-right text-sm font-medium text-fg" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** "Renews on" / "Access until" (cancelled) / "Valid until" (not renewing). */
function periodEndLabel(subscription: SiteSubscription): string {
  if (subscription.status === 'cancelled') return 'subscription.current.accessUntil';
  return subscription.auto_renew
    ? 'subscription.current.renewsOn'
    : 'subscription.current.validUntil';
}

/** Cancel is offered for a paid plan that is running (active or trial). */
export function canCancel(state: SubscriptionState): boolean {
  const sub = state.subscription;
  return Boolean(
    sub &&
    state.active &&
    (sub.status === 'active' || sub.status === 'trial') &&
    isPaidPlan(sub.plan),
  );
}

export function CurrentPlanCard({
  state,
  loading,
}: {
  state: SubscriptionState | undefined;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const [confirming, setConfirming] = useState(false);
  const sub = state?.subscription ?? null;
  const date = (iso: string) => formatTimestamp(iso, i18n.language);

  const price = (() => {
    if (!sub) return '—';
    if (sub.billing_cycle === 'yearly' && sub.plan.yearly_price > 0) {
      return t('subscription.current.perYear', { amount: formatRupees(sub.plan.yearly_price) });
    }
    if (sub.plan.price > 0) {
      return t('subscription.current.perMonth', { amount: formatRupees(sub.plan.price) });
    }
    return t('subscription.current.free');
  })();

  const failed = (key: string, error: unknown) =>
    toast.error(
      t('subscription.errors.withReason', { message: t(key), reason: errorMessage(error, t) }),
    );

  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('subscription.toast.cancelled'));
      },
      onError: (error) => {
        setConfirming(false);
        failed('subscription.errors.cancel', error);
      },
    });

  const onReactivate = () =>
    reactivate.mutate(undefined, {
      onSuccess: () => toast.success(t('subscription.toast.reactivated')),
      onError: (error) => failed('subscription.errors.reactivate', error),
    });

  const showCancel = state ? canCancel(state) : false;
  const showReactivate = Boolean(state?.can_reactivate);
  const planName = sub?.plan.name ?? '';

  return (
    <Card className="flex flex-col lg:col-span-2" data-testid="current-plan">
      <CardHeader className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle className="text-sm font-medium text-fg-muted">
            {t('subscription.current.title')}
          </CardTitle>
          {state ? (
            <p
              className="mt-1 truncate text-2xl font-semibold tracking-tight text-fg"
              data-testid="current-plan-name"
            >
              {sub ? sub.plan.name : t('subscription.current.noPlan')}
            </p>
          ) : (
            <Skeleton className="mt-2 h-7 w-32" />
          )}
        </div>
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <CreditCard className="size-5" aria-hidden="true" />
        </span>
      </CardHeader>
      <CardBody className="flex flex-1 flex-col">
        {state ? (
          <>
            {!sub ? (
              <p className="mb-3 text-sm text-fg-muted">
                {t('subscription.current.noSubscription')}
              </p>
            ) : null}
            <dl className="divide-y divide-border">
              <Fact label={t('subscription.current.statusLabel')} testId="current-plan-status">
                <StatusBadge
                  kind="subscription"
                  status={sub?.status ?? 'none'}
                  testId="subscription-status"
                />
              </Fact>
              <Fact label={t('subscription.current.cycleLabel')} testId="current-plan-cycle">
                {sub?.billing_cycle
                  ? t(`subscription.cycle.${sub.billing_cycle}`)
                  : t('subscription.cycle.none')}
              </Fact>
              <Fact label={t('subscription.current.priceLabel')} testId="current-plan-price">
                {price}
              </Fact>
              {sub?.current_period_end ? (
                <Fact label={t(periodEndLabel(sub))} testId="current-plan-period-end">
                  {date(sub.current_period_end)}
                </Fact>
              ) : null}
            </dl>
            {sub?.cancelled_at ? (
              <p className="mt-2 text-xs text-fg-muted" data-testid="current-plan-cancelled-at">
                {t('subscription.current.cancelledOn', { date: date(sub.cancelled_at) })}
              </p>
            ) : null}
            {showCancel || showReactivate ? (
              <div className="mt-auto space-y-3 border-t border-border pt-4">
                <p className="text-xs leading-relaxed text-fg-muted">
                  {showReactivate
                    ? t('subscription.manage.reactivateDescription', { plan: planName })
                    : t('subscription.manage.cancelDescription', { plan: planName })}
                </p>
                <div className="flex flex-wrap gap-2">
                  {showReactivate ? (
                    <Button
                      onClick={onReactivate}
                      loading={reactivate.isPending}
                      icon={<RotateCcw className="size-4" aria-hidden="true" />}
                      data-testid="subscription-reactivate"
                    >
                      {t('subscription.manage.reactivate')}
                    </Button>
                  ) : null}
                  {showCancel ? (
                    <Button
                      variant="secondary"
                      onClick={() => setConfirming(true)}
                      icon={<XCircle className="size-4" aria-hidden="true" />}
                      data-testid="subscription-cancel"
                    >
                      {t('subscription.manage.cancel')}
                    </Button>
                  ) : null}
                </div>
              </div>
            ) : null}
          </>
        ) : loading ? (
          <div className="space-y-3">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        ) : null}
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('subscription.cancelDialog.title')}
        description={
          sub?.current_period_end
            ? t('subscription.cancelDialog.body', {
                plan: planName,
                date: date(sub.current_period_end),
              })
            : t('subscription.cancelDialog.bodyNoDate', { plan: planName })
        }
        confirmLabel={t('subscription.cancelDialog.confirm')}
        cancelLabel={t('subscription.cancelDialog.keep')}
        busy={cancel.isPending}
        onConfirm={onCancel}
        testId="subscription-cancel-dialog"
      />
    </Card>
  );
}
