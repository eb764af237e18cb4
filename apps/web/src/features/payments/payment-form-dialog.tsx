import { QueuedEditForms } from '../../components/queued-edit';
import { PaymentForm } from './payment-form';
import type { DialogControl } from '../../components/dialog-control';

/**
 * Record a payment to a vendor. The form starts fresh each time the dialog opens. Offline, the
 * payment waits in the offline queue; a refused queued payment comes back here, filled in.
 */
export function PaymentFormDialog({
  open,
  onOpenChange,
  vendorId,
  onApplyAdvance,
}: DialogControl & {
  vendorId?: string | undefined;
  /** Given to roles that may edit payments: "Apply the advance first" opens that payment. */
  onApplyAdvance?: ((paymentId: string) => void) | undefined;
}) {
  return (
    <QueuedEditForms
      collection="payments"
      open={open}
      onOpenChange={onOpenChange}
      formKey={`open-${vendorId ?? ''}`}
    >
      {({ queued, ...props }) => (
        <PaymentForm
          {...props}
          mode={
            queued
              ? { kind: 'create', queued, vendorId: '' }
              : { kind: 'create', queued: null, vendorId: vendorId ?? '', onApplyAdvance }
          }
        />
      )}
    </QueuedEditForms>
  );
}
