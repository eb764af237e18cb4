import type { Payment } from '@siteledger/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { TextAreaField, TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useUpdatePayment } from './api';

/** Date, reference and notes are all that can change once a payment is recorded. */
export function PaymentEditDialog({
  open,
  payment,
  onOpenChange,
}: {
  open: boolean;
  payment: Payment | null;
  onOpenChange: (open: boolean) => void;
}) {
  return payment ? (
    <EditForm
      key={open ? payment.id : 'closed'}
      open={open}
      payment={payment}
      onOpenChange={onOpenChange}
    />
  ) : null;
}

function EditForm({
  open,
  payment,
  onOpenChange,
}: {
  open: boolean;
  payment: Payment;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdatePayment();
  const [date, setDate] = useState(payment.payment_date);
  const [reference, setReference] = useState(payment.reference ?? '');
  const [notes, setNotes] = useState(payment.notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const fieldMessage = (field: string): string | undefined => {
    if (!isApiError(update.error) || update.error.code !== 'VALIDATION_FAILED') return undefined;
    const entry = update.error.data[field];
    return typeof entry === 'object' && entry && 'message' in entry
      ? String((entry as { message: unknown }).message)
      : undefined;
  };
  const anyField = ['payment_date', 'reference', 'notes'].some((f) => fieldMessage(f));

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('payments.edit.title')}
      description={t('payments.edit.subtitle')}
      submitLabel={t('kit.actions.saveChanges')}
      busy={update.isPending}
      error={update.isError && !anyField ? errorMessage(update.error, t) : null}
      onSubmit={(event) => {
        event.preventDefault();
        if (!date) return setErrors({ payment_date: t('validation.required') });
        setErrors({});
        update.mutate(
          {
            id: payment.id,
            data: {
              payment_date: date,
              reference: reference.trim() || null,
              notes: notes.trim() || null,
            },
          },
          {
            onSuccess: () => {
              toast.success(t('payments.toast.updated'));
              onOpenChange(false);
            },
          },
        );
      }}
      testId="payment-edit-form"
    >
      <DateField
        label={t('payments.fields.date')}
        value={date}
        onChange={(event) => setDate(event.target.value)}
        error={errors.payment_date ?? fieldMessage('payment_date')}
        data-testid="payment-edit-date"
      />
      <TextField
        label={t('payments.fields.reference')}
        optional
        value={reference}
        onChange={(event) => setReference(event.target.value)}
        error={fieldMessage('reference')}
        data-testid="payment-edit-reference"
      />
      <TextAreaField
        label={t('payments.fields.notes')}
        optional
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        error={fieldMessage('notes')}
        data-testid="payment-edit-notes"
      />
    </FormDialog>
  );
}
