import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useCancelSubscription, useReactivateSubscription } from './api';

/** Cancel (after a confirmation) and reactivate the site's plan, with toasts for the outcome. */
export function usePlanManagement() {
  const { t } = useTranslation();
  const toast = useToast();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const [confirming, setConfirming] = useState(false);

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

  return { cancel, reactivate, confirming, setConfirming, onCancel, onReactivate };
}
