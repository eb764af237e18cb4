/** An owner's Approve / Reject of a pending count adjustment, with an optional note. */
import type { StockAdjustment } from '@siteledger/domain';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatQuantity } from '../../components/ui/quantity-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useAdjustmentDecision } from './api';

type Decision = 'approve' | 'reject';

export function AdjustmentDecisionButtons({
  adjustment,
  onDecide,
}: {
  adjustment: StockAdjustment;
  onDecide: (adjustment: StockAdjustment, action: Decision) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-2">
      <Button
        size="sm"
        icon={<Check className="size-4" aria-hidden="true" />}
        onClick={() => onDecide(adjustment, 'approve')}
        data-testid={`adjustment-approve-${adjustment.id}`}
      >
        {t('stock.counts.approve')}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        className="hover:border-danger/40 hover:text-danger"
        icon={<X className="size-4" aria-hidden="true" />}
        onClick={() => onDecide(adjustment, 'reject')}
        data-testid={`adjustment-reject-${adjustment.id}`}
      >
        {t('stock.counts.reject')}
      </Button>
    </div>
  );
}

export function AdjustmentDecisionDialog({
  adjustment,
  action,
  onClose,
}: {
  adjustment: StockAdjustment;
  action: Decision;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useAdjustmentDecision(action);
  const [notes, setNotes] = useState('');
  const confirm = () =>
    mutation.mutate(
      { id: adjustment.id, notes: notes.trim() || null },
      {
        onSuccess: () => {
          toast.success(t(`stock.toast.${action === 'approve' ? 'approved' : 'rejected'}`));
          onClose();
        },
      },
    );
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(`stock.counts.${action}Title`)}
      description={t(`stock.counts.${action}Description`, {
        name: adjustment.item_name,
        counted: formatQuantity(adjustment.counted_quantity, adjustment.unit),
      })}
      confirmLabel={t(`stock.counts.${action}`)}
      onConfirm={confirm}
      busy={mutation.isPending}
      error={mutation.isError ? errorMessage(mutation.error, t) : null}
      tone={action === 'reject' ? 'danger' : 'primary'}
      testId={`adjustment-${action}-dialog`}
    >
      <TextAreaField
        label={t('stock.counts.decisionNote')}
        optional
        rows={2}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        data-testid={`adjustment-${action}-notes`}
      />
    </ConfirmDialog>
  );
}
