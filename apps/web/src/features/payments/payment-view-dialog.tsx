import { permissionsFor, type Payment } from '@siteledger/domain';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useDeletePayment, usePayment } from './api';
import { AllocationBadge } from './payment-bits';
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
  const { role } = useSession();
  const can = permissionsFor(role);
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

function PaymentDetails({ payment }: { payment: Payment }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);
  const facts: [string, React.ReactNode][] = [
    [t('payments.fields.date'), date(payment.payment_date)],
    [t('payments.fields.amount'), formatRupees(payment.amount)],
    [
      t('payments.view.fromAccount'),
      payment.account_amount > 0
        ? `${formatRupees(payment.account_amount)} · ${payment.expand?.account?.name ?? ''}`
        : formatRupees(0),
    ],
    [t('payments.view.fromCredit'), formatRupees(payment.credit_note_amount)],
    [t('payments.summary.allocated'), formatRupees(payment.allocated_amount)],
    [t('payments.fields.reference'), payment.reference ?? '—'],
  ];
  return (
    <div className="space-y-5" data-testid="payment-details">
      <div className="flex items-center gap-2">
        <AllocationBadge state={payment.allocation_state} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-xl bg-surface-muted/70 p-4 text-sm sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-fg-muted">{label}</dt>
            <dd className="truncate font-medium tabular-nums text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      {payment.notes ? (
        <p className="whitespace-pre-line text-sm text-fg-muted">{payment.notes}</p>
      ) : null}

      <section className="space-y-2">
        <h3 className="text-sm font-semibold text-fg">{t('payments.view.allocations')}</h3>
        {payment.payment_allocations.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('payments.view.noAllocations')}</p>
        ) : (
          <ul
            className="divide-y divide-border rounded-xl border border-border"
            data-testid="payment-view-allocations"
          >
            {payment.payment_allocations.map((a) => {
              const d = a.expand?.delivery;
              const b = a.expand?.service_booking;
              return (
                <li
                  key={a.id}
                  className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm"
                >
                  <div className="min-w-0">
                    {a.delivery ? (
                      <Link
                        to={`/deliveries/${a.delivery}`}
                        className="font-medium text-primary hover:underline"
                      >
                        {t('payments.form.deliveryLabel', {
                          reference: d?.delivery_reference ?? t('payments.form.noReference'),
                        })}
                      </Link>
                    ) : (
                      <p className="font-medium text-fg">
                        {t('payments.form.bookingLabel', { service: b?.service_name ?? '' })}
                      </p>
                    )}
                    <p className="text-xs text-fg-muted">
                      {date(d?.delivery_date ?? b?.start_date ?? '')}
                    </p>
                  </div>
                  <span className="font-medium tabular-nums">
                    {formatRupees(a.allocated_amount)}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {payment.credit_note_usage.length > 0 ? (
        <section className="space-y-2">
          <h3 className="text-sm font-semibold text-fg">{t('payments.view.creditUsage')}</h3>
          <ul
            className="divide-y divide-border rounded-xl border border-border"
            data-testid="payment-view-credit"
          >
            {payment.credit_note_usage.map((u) => (
              <li
                key={u.id}
                className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium text-fg">
                    {u.expand?.credit_note?.reference ?? t('payments.form.noReference')}
                  </p>
                  <p className="text-xs text-fg-muted">
                    {t('payments.view.balanceNow', {
                      amount: formatRupees(u.expand?.credit_note?.balance ?? 0),
                    })}
                  </p>
                </div>
                <span className="font-medium tabular-nums">{formatRupees(u.used_amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
