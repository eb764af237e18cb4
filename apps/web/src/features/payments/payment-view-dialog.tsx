import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatRupees } from '../../lib/format';
import { useCollectionPermissions } from '../../lib/role-rights';
import { useDeletePayment, usePayment } from './api';
import { PaymentDetails } from './payment-details';
import { PaymentEditDialog } from './payment-edit-dialog';

type Mode = 'view' | 'edit' | 'delete';

/** A payment with its allocations and credit-note usage; edit and delete from here. */
export function PaymentViewDialog({
  paymentId,
  onClose,
}: {
  paymentId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const can = useCollectionPermissions('payments');
  const query = usePayment(paymentId);
  const payment = query.data;
  const remove = useDeletePayment();
  const [mode, setMode] = useState<Mode>('view');
  const close = () => {
    setMode('view');
    onClose();
  };

  return (
    <>
      <Dialog
        open={paymentId !== null && mode === 'view'}
        onOpenChange={(open) => !open && close()}
        title={t('payments.view.title')}
        description={
          payment ? `${payment.expand?.vendor?.name ?? ''} · ${formatRupees(payment.amount)}` : ''
        }
        className="sm:max-w-2xl"
        testId="payment-view"
      >
        {payment ? (
          <PaymentDetails payment={payment} />
        ) : query.isError ? (
          <Alert tone="error">{errorMessage(query.error, t)}</Alert>
        ) : (
          <Skeleton className="h-48 w-full rounded-xl" />
        )}
        {payment && (can.canUpdate || can.canDelete) ? (
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {can.canDelete ? (
              <Button
                variant="secondary"
                className="hover:border-danger/40 hover:text-danger"
                icon={<Trash2 className="size-4" aria-hidden="true" />}
                onClick={() => {
                  remove.reset();
                  setMode('delete');
                }}
                data-testid="payment-delete"
              >
                {t('kit.actions.delete')}
              </Button>
            ) : null}
            {can.canUpdate ? (
              <Button
                icon={<Pencil className="size-4" aria-hidden="true" />}
                onClick={() => setMode('edit')}
                data-testid="payment-edit"
              >
                {t('kit.actions.edit')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </Dialog>
      <PaymentEditDialog
        open={mode === 'edit'}
        paymentId={payment?.id ?? null}
        onOpenChange={(open) => !open && setMode('view')}
      />
      <ConfirmDialog
        open={mode === 'delete'}
        onOpenChange={(open) => !open && setMode('view')}
        title={t('payments.delete.title')}
        description={t('payments.delete.description', {
          amount: formatRupees(payment?.amount ?? 0),
          vendor: payment?.expand?.vendor?.name ?? '',
        })}
        confirmLabel={t('kit.actions.delete')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => {
          if (!payment) return;
          remove.mutate(payment.id, {
            onSuccess: () => {
              toast.success(t('payments.toast.deleted'));
              close();
            },
          });
        }}
        testId="payment-delete-dialog"
      />
    </>
  );
}
