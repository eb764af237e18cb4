/**
 * A work order's RA bills, newest last: net payable, paid, the payment state and the owner's
 * approval of the measurement; "Approve" (owners), "Pay" where something is owed (whoever sees
 * the money: accountants pay), "Edit" and "Delete" on the latest bill only (the server refuses
 * the others with NOT_LATEST_BILL).
 */
import { permissionsFor, rupeesMinus, type RaBill } from '@siteledger/domain';
import { BadgeCheck, Banknote, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatBusinessDate } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { useApproveRaBill, useDeleteRaBill } from './api';
import { BillPaymentBadge, rupees } from './wo-labels';

export function WoBillsCard({
  bills,
  onPay,
  onEdit,
}: {
  bills: readonly RaBill[];
  onPay: (bill: RaBill) => void;
  onEdit: (bill: RaBill) => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { role } = useSession();
  const can = permissionsFor(role);
  const approve = useApproveRaBill();
  const remove = useDeleteRaBill();
  const [deleting, setDeleting] = useState<RaBill | null>(null);
  const latest = bills.at(-1);
  const pays = can.canViewFinancials;

  return (
    <Card data-testid="wo-bills">
      <CardHeader>
        <CardTitle>{t('workOrders.bills.title', { count: bills.length })}</CardTitle>
      </CardHeader>
      <CardBody>
        {bills.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('workOrders.bills.empty')}</p>
        ) : (
          <ol className="divide-y divide-border">
            {bills.map((bill) => {
              const owed = rupeesMinus(bill.net_payable, bill.paid_amount);
              const editable = bill === latest && bill.kind === 'bill';
              return (
                <li
                  key={bill.id}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                  data-testid={`wo-bill-${bill.number}`}
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
                      {bill.kind === 'retention_release'
                        ? t('workOrders.bills.release', { number: bill.number })
                        : bill.number}
                      {bill.approved_at ? (
                        <span
                          className="inline-flex items-center gap-1 text-xs text-success-soft-fg"
                          data-testid={`wo-bill-${bill.number}-approved`}
                        >
                          <BadgeCheck className="size-3.5" aria-hidden="true" />
                          {t('workOrders.bills.approved')}
                        </span>
                      ) : null}
                      {bill.final ? (
                        <span className="text-xs text-fg-muted">{t('workOrders.bills.final')}</span>
                      ) : null}
                      <BillPaymentBadge
                        status={bill.payment_status}
                        testId={`wo-bill-${bill.number}-status`}
                      />
                    </p>
                    <p className="text-sm text-fg-muted">
                      {formatBusinessDate(bill.bill_date, i18n.language)} ·{' '}
                      {t('workOrders.bills.netPaid', {
                        net: rupees(bill.net_payable),
                        paid: rupees(bill.paid_amount),
                      })}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {role === 'owner' && bill.kind === 'bill' && !bill.approved_at ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={approve.isPending && approve.variables === bill.id}
                        icon={<BadgeCheck className="size-4" aria-hidden="true" />}
                        onClick={() =>
                          approve.mutate(bill.id, {
                            onSuccess: () =>
                              toast.success(
                                t('workOrders.bills.approvedToast', { number: bill.number }),
                              ),
                            onError: (error) => toast.error(errorMessage(error, t)),
                          })
                        }
                        data-testid={`wo-bill-${bill.number}-approve`}
                      >
                        {t('workOrders.bills.approve')}
                      </Button>
                    ) : null}
                    {pays && owed > 0 ? (
                      <Button
                        size="sm"
                        icon={<Banknote className="size-4" aria-hidden="true" />}
                        onClick={() => onPay(bill)}
                        data-testid={`wo-bill-${bill.number}-pay`}
                      >
                        {t('workOrders.bills.pay')}
                      </Button>
                    ) : null}
                    {editable && can.canUpdate ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        icon={<Pencil className="size-4" aria-hidden="true" />}
                        onClick={() => onEdit(bill)}
                        data-testid={`wo-bill-${bill.number}-edit`}
                      >
                        {t('kit.actions.edit')}
                      </Button>
                    ) : null}
                    {editable && can.canDelete ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        icon={<Trash2 className="size-4" aria-hidden="true" />}
                        onClick={() => {
                          remove.reset();
                          setDeleting(bill);
                        }}
                        data-testid={`wo-bill-${bill.number}-delete`}
                      >
                        {t('kit.actions.delete')}
                      </Button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </CardBody>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('workOrders.bills.deleteTitle')}
        description={t('workOrders.bills.deleteDescription', { number: deleting?.number ?? '' })}
        confirmLabel={t('kit.actions.delete')}
        tone="danger"
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('workOrders.bills.deleted', { number: deleting.number }));
              setDeleting(null);
            },
          });
        }}
        testId="wo-bill-delete-dialog"
      />
    </Card>
  );
}
