import { WithQueuedEdit } from '../../components/queued-edit';
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
    <WithQueuedEdit
      collection="payments"
      editor={(entry, close) => (
        <PaymentForm
          open
          onOpenChange={close}
          mode={{ kind: 'create', queued: entry, vendorId: '' }}
        />
      )}
    >
      <PaymentForm
        key={open ? `open-${vendorId ?? ''}` : 'closed'}
        open={open}
        onOpenChange={onOpenChange}
        mode={{ kind: 'create', queued: null, vendorId: vendorId ?? '', onApplyAdvance }}
      />
    </WithQueuedEdit>
  );
}
