import { useQueuedEdit } from '../../lib/offline-queue-hooks';
import { PaymentForm } from './payment-form';

/**
 * Record a payment to a vendor. The form starts fresh each time the dialog opens. Offline, the
 * payment waits in the offline queue; a refused queued payment comes back here, filled in.
 */
export function PaymentFormDialog({
  open,
  onOpenChange,
  vendorId,
  onApplyAdvance,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vendorId?: string | undefined;
  /** Given to roles that may edit payments: "Apply the advance first" opens that payment. */
  onApplyAdvance?: ((paymentId: string) => void) | undefined;
}) {
  const edit = useQueuedEdit('payments');
  return (
    <>
      <PaymentForm
        key={open ? `open-${vendorId ?? ''}` : 'closed'}
        open={open}
        onOpenChange={onOpenChange}
        mode={{ kind: 'create', queued: null, vendorId: vendorId ?? '', onApplyAdvance }}
      />
      {edit.entry ? (
        <PaymentForm
          key={edit.entry.key}
          open
          onOpenChange={(next) => (next ? undefined : edit.close())}
          mode={{ kind: 'create', queued: edit.entry, vendorId: '' }}
        />
      ) : null}
    </>
  );
}
