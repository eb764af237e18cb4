/** "Delete this budget line?" for owners; the toast and refresh come from the delete hook. */
import type { BudgetLine } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useDeleteBudgetLine } from '../../data/budgets';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast-store';

export function BudgetDeleteConfirm({
  line,
  onClose,
}: {
  line: BudgetLine | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteBudgetLine();
  return (
    <ConfirmDialog
      open={line !== null}
      onOpenChange={(open) => {
        if (!open) {
          remove.reset();
          onClose();
        }
      }}
      title={t('budgets.delete.title')}
      description={t('budgets.delete.description', { name: line?.name ?? '' })}
      confirmLabel={t('budgets.delete.confirm')}
      tone="danger"
      busy={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, t) : null}
      onConfirm={() => {
        if (!line) return;
        remove.mutate(line.id, {
          onSuccess: () => {
            toast.success(t('budgets.toast.deleted'));
            onClose();
          },
        });
      }}
      testId="budget-delete"
    />
  );
}
