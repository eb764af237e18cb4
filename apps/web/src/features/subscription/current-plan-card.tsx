import { CreditCard, RotateCcw, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { formatTimestamp } from '../../lib/dates';
import type { SubscriptionState } from '../../lib/subscription-api';
import { CurrentPlanFacts } from './current-plan-facts';
import { mustSubscribeAgain } from './plan-renewal';
import { RenewalNotes } from './renewal-notes';
import { isPaidPlan } from './usage';
import { usePlanManagement } from './use-plan-management';

/** Cancel is offered for a paid plan that is running (active or trial) and not moving to Free. */
export function canCancel(state: SubscriptionState): boolean {
  const sub = state.subscription;
  return Boolean(
    sub &&
    state.active &&
    // A planned move to Free already stops the renewal; "Keep" undoes it.
    !sub.pending_plan &&
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
  const { cancel, reactivate, confirming, setConfirming, onCancel, onReactivate } =
    usePlanManagement();
  const sub = state?.subscription ?? null;
  const date = (iso: string) => formatTimestamp(iso, i18n.language);

  const showCancel = state ? canCancel(state) : false;
  const showReactivate = Boolean(state?.can_reactivate);
  // Cancelled at the provider: a new subscription (offered on the plan's card), not Reactivate.
  const resubscribe = state ? mustSubscribeAgain(state) : false;
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
            <CurrentPlanFacts sub={sub} />
            <RenewalNotes state={state} />
            {resubscribe && sub?.current_period_end ? (
              <p
                className="mt-auto border-t border-border pt-4 text-xs leading-relaxed text-fg-muted"
                data-testid="resubscribe-note"
              >
                {t('subscription.manage.resubscribeDescription', {
                  plan: planName,
                  date: date(sub.current_period_end),
                })}
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
