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

/** Approve, then Reject (secondary, red on hover). */
const DECISION_BUTTONS = [
  { action: 'approve', icon: Check, look: {} },
  {
    action: 'reject',
    icon: X,
    look: { variant: 'secondary', className: 'hover:border-danger/40 hover:text-danger' },
  },
] as const;

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
      {DECISION_BUTTONS.map(({ action, icon: Icon, look }) => (
        <Button
          key={action}
          size="sm"
          {...look}
          icon={<Icon className="size-4" aria-hidden="true" />}
          onClick={() => onDecide(adjustment, action)}
          data-testid={`adjustment-${action}-${adjustment.id}`}
        >
          {t(`stock.counts.${action}`)}
        </Button>
      ))}
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
