/**
 * "Set aside a payment": the order's vendor's payments that still have an unallocated remainder
 * (amount − allocated_amount > 0); choosing one POSTs it as an advance for the order.
 */
import { rupeesMinus, type Payment } from '@siteledger/domain';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { errorMessage } from '../../lib/api-client';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { toast } from '../../lib/toast-store';
import { useVendorPayments, type usePurchaseOrderAdvanceWrite } from './api';

/** What of a payment is not yet allocated (rupees, taken in paise). */
const remainderOf = (payment: Payment) => rupeesMinus(payment.amount, payment.allocated_amount);

export function SetAsideDialog({
  open,
  onOpenChange,
  vendorId,
  taken,
  mutation,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vendorId: string;
  /** Payments already set aside for this order. */
  taken: readonly string[];
  mutation: ReturnType<typeof usePurchaseOrderAdvanceWrite>['add'];
}) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const payments = useVendorPayments(vendorId, open);
  // The payment form for this vendor, coming back here once it is saved or closed.
  const newPayment = `/payments?new=1&vendor=${encodeURIComponent(vendorId)}&next=${encodeURIComponent(pathname)}`;
  const free = (payments.data?.items ?? []).filter(
    (payment) => remainderOf(payment) > 0 && !taken.includes(payment.id),
  );
  const choose = (payment: string) =>
    mutation.mutate(
      { payment },
      {
        onSuccess: () => {
          toast.success(t('purchaseOrders.advances.added'));
          onOpenChange(false);
        },
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('purchaseOrders.advances.setAside')}
      description={t('purchaseOrders.advances.chooseHint')}
      testId="po-advance-dialog"
    >
      {mutation.isError ? (
        <Alert tone="error" className="mb-4" testId="po-advance-error">
          {errorMessage(mutation.error, t)}
        </Alert>
      ) : null}
      {payments.isError ? (
        <Alert tone="error">{errorMessage(payments.error, t)}</Alert>
      ) : payments.isPending ? (
        <p className="text-sm text-fg-muted">{t('purchaseOrders.advances.loading')}</p>
      ) : free.length === 0 ? (
        <div className="space-y-3">
          <p className="text-sm text-fg-muted" data-testid="po-advance-none-free">
            {t('purchaseOrders.advances.noneFree')}
          </p>
          <Link
            to={newPayment}
            className={buttonClasses('primary', 'md', false)}
            data-testid="po-advance-record-payment"
          >
            <Plus className="size-4" aria-hidden="true" />
            {t('purchaseOrders.advances.recordPayment')}
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border">
          {free.map((payment) => {
            const date = formatBusinessDate(payment.payment_date, i18n.language);
            return (
              <li
                key={payment.id}
                className="flex items-center gap-3 px-4 py-3 text-sm"
                data-testid={`po-advance-choice-${payment.id}`}
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-fg">
                    {payment.reference ? `${date} · ${payment.reference}` : date}
                  </p>
                  <p className="tabular-nums text-fg-muted">
                    {t('purchaseOrders.advances.free', {
                      free: formatRupees(remainderOf(payment)),
                      amount: formatRupees(payment.amount),
                    })}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={mutation.isPending && mutation.variables?.payment === payment.id}
                  disabled={mutation.isPending}
                  onClick={() => choose(payment.id)}
                  data-testid={`po-advance-choose-${payment.id}`}
                >
                  {t('purchaseOrders.advances.choose')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
