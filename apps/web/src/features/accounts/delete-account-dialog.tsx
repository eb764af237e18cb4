import type { Account } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useDeleteAccount, useUpdateAccount } from './api';

/**
 * Deletes an account. The server refuses (409) when the account has history; the dialog then
 * shows its message and offers to mark the account inactive instead.
 */
export function DeleteAccountDialog({
  account,
  onOpenChange,
  onDeleted,
}: {
  account: Account | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useDeleteAccount();
  const deactivate = useUpdateAccount();
  const inUse = isApiError(remove.error) && remove.error.status === 409;
  const offerDeactivate = inUse && Boolean(account?.is_active);

  const close = (open: boolean) => {
    if (!open) {
      remove.reset();
      deactivate.reset();
    }
    onOpenChange(open);
  };

  const error = deactivate.isError ? (
    errorMessage(deactivate.error, t)
  ) : remove.isError ? (
    <>
      <span className="block">{errorMessage(remove.error, t)}</span>
      {offerDeactivate ? (
        <span className="mt-1 block">{t('accounts.delete.deactivateHint')}</span>
      ) : null}
    </>
  ) : null;

  return (
    <ConfirmDialog
      open={account !== null}
      onOpenChange={close}
      title={t('accounts.delete.title')}
      description={t('accounts.delete.description', { name: account?.name ?? '' })}
      confirmLabel={offerDeactivate ? t('accounts.delete.deactivate') : t('kit.actions.delete')}
      tone={offerDeactivate ? 'primary' : 'danger'}
      busy={remove.isPending || deactivate.isPending}
      error={error}
      onConfirm={() => {
        if (!account) return;
        const name = account.name;
        if (offerDeactivate) {
          deactivate.mutate(
            { id: account.id, data: { is_active: false } },
            {
              onSuccess: () => {
                toast.success(t('accounts.toast.deactivated', { name }));
                close(false);
              },
            },
          );
          return;
        }
        remove.mutate(account.id, {
          onSuccess: () => {
            toast.success(t('accounts.toast.deleted', { name }));
            close(false);
            onDeleted?.();
          },
        });
      }}
      testId="account-delete-dialog"
    />
  );
}
