import { ArrowDownCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatTimestamp } from '../../lib/dates';
import type { Plan, SubscriptionState } from '../../lib/subscription-api';
import { useDowngrade } from './api';

/** "Move to Free at period end" on the free plan's card, after a confirmation. */
export function DowngradeButton({ plan, state }: { plan: Plan; state: SubscriptionState }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const downgrade = useDowngrade();
  const [confirming, setConfirming] = useState(false);
  const sub = state.subscription;
  const current = sub?.plan.name ?? '';
  const end = sub?.current_period_end ?? null;

  const onConfirm = () =>
    downgrade.mutate(plan.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('subscription.toast.downgraded', { plan: plan.name }));
      },
    });

  return (
    <>
      <Button
        className="mt-5"
        fullWidth
        size="lg"
        variant="secondary"
        icon={<ArrowDownCircle className="size-4" aria-hidden="true" />}
        onClick={() => {
          downgrade.reset();
          setConfirming(true);
        }}
        data-testid="downgrade-plan"
      >
        {t('subscription.plans.downgrade', { plan: plan.name })}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('subscription.downgradeDialog.title', { plan: plan.name })}
        description={
          end
            ? t('subscription.downgradeDialog.body', {
                current,
                plan: plan.name,
                date: formatTimestamp(end, i18n.language),
              })
            : t('subscription.downgradeDialog.bodyNoDate', { current, plan: plan.name })
        }
        confirmLabel={t('subscription.downgradeDialog.confirm', { plan: plan.name })}
        cancelLabel={t('subscription.downgradeDialog.keep', { plan: current })}
        tone="primary"
        busy={downgrade.isPending}
        error={
          downgrade.isError
            ? t('subscription.errors.withReason', {
                message: t('subscription.errors.downgrade'),
                reason: errorMessage(downgrade.error, t),
              })
            : null
        }
        onConfirm={onConfirm}
        testId="downgrade-dialog"
      />
    </>
  );
}
