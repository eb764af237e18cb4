import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { FormDialog } from '../../components/ui/form-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { usePayment } from './api';
import { PaymentForm } from './payment-form';
import type { DialogControl } from '../../components/dialog-control';

/**
 * Correct a recorded payment in the one payment form: amount, account, allocations, credit notes,
 * date, reference and notes (the vendor stays). With `applyAdvance`, its unallocated remainder
 * starts spread onto the vendor's dues (`prefer` — `d:<id>` / `b:<id>` — first).
 */
export function PaymentEditDialog({
  open,
  paymentId,
  applyAdvance = null,
  onOpenChange,
}: DialogControl & {
  paymentId: string | null;
  applyAdvance?: { prefer: string | null } | null;
}) {
  const { t } = useTranslation();
  const query = usePayment(open ? paymentId : null);
  const payment = query.data;
  if (!open || !paymentId) return null;
  // The form mounts once the payment is here, so its rows start from the payment's own.
  if (payment && payment.id === paymentId && !query.isPlaceholderData) {
    return (
      <PaymentForm
        key={payment.id}
        open
        onOpenChange={onOpenChange}
        mode={{ kind: 'edit', payment, applyAdvance }}
      />
    );
  }
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t('payments.edit.title')}
      onSubmit={(event) => event.preventDefault()}
      submitLabel={t('kit.actions.saveChanges')}
      submitDisabled
      size="xl"
      testId="payment-edit-loading"
    >
      {query.isError ? (
        <Alert tone="error">{errorMessage(query.error, t)}</Alert>
      ) : (
        <Skeleton className="h-64 w-full rounded-xl" />
      )}
    </FormDialog>
  );
}
