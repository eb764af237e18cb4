/**
 * "Reject" on a pending expense: the owner says why (the holder reads it), then the server
 * rejects it. The reason is required, as the server's `zPettyReject` requires it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast-context';
import { TextAreaField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/api-client';
import { formatRupees } from '../../lib/format';
import type { PettyExpense } from '@siteledger/domain';
import { useRejectPettyExpense } from '../../data/petty';

export function PettyRejectDialog({
  expense,
  onClose,
}: {
  expense: PettyExpense | null;
  onClose: () => void;
}) {
  return expense ? <RejectForm key={expense.id} expense={expense} onClose={onClose} /> : null;
}

function RejectForm({ expense, onClose }: { expense: PettyExpense; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const reject = useRejectPettyExpense();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    const text = reason.trim();
    if (!text) {
      setMissing(true);
      return;
    }
    reject.mutate(
      { id: expense.id, reason: text },
      {
        onSuccess: () => {
          toast.success(t('pettyAdmin.reject.done', { description: expense.description }));
          onClose();
        },
      },
    );
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('pettyAdmin.reject.title')}
      description={t('pettyAdmin.reject.description', {
        description: expense.description,
        amount: formatRupees(expense.amount),
      })}
      confirmLabel={t('pettyAdmin.reject.confirm')}
      onConfirm={confirm}
      busy={reject.isPending}
      error={reject.isError ? errorMessage(reject.error, t) : null}
      testId="petty-reject-dialog"
    >
      <TextAreaField
        rows={2}
        maxLength={300}
        autoFocus
        label={t('pettyAdmin.reject.reason')}
        hint={t('pettyAdmin.reject.reasonHint')}
        error={missing && !reason.trim() ? t('pettyAdmin.reject.reasonRequired') : undefined}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        data-testid="petty-reject-reason"
      />
    </ConfirmDialog>
  );
}
