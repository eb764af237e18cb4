import {
  canTransition,
  isRefundableReturnStatus,
  permissionsFor,
  returnLinesEditProblem,
  type VendorReturn,
} from '@siteledger/domain';
import { Ban, CheckCheck, CircleCheck, IndianRupee, Pencil, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { formatQuantity } from '../../components/ui/quantity-field';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge } from '../../components/ui/status-badge';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatBusinessDate, formatTimestamp } from '../../lib/dates';
import { useSession } from '../../lib/session';
import {
  useDeleteReturn,
  useReturnAction,
  useReturnCreditNotes,
  useReturnRefunds,
  useVendorReturn,
  type ReturnAction,
} from './api';
import { inr } from './money';
import { RefundFormDialog } from './refund-form-dialog';
import { ReturnEditDialog } from './return-edit-dialog';
import { ReturnPhotos } from './return-photos';

function Fact({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="truncate font-medium tabular-nums text-fg" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      {children}
    </section>
  );
}

const ACTION_ICONS: Record<ReturnAction, ReactNode> = {
  approve: <CircleCheck className="size-4" aria-hidden="true" />,
  reject: <Ban className="size-4" aria-hidden="true" />,
  complete: <CheckCheck className="size-4" aria-hidden="true" />,
};

/** One return: its lines, approval, refunds and credit notes, with the allowed actions. */
export function ReturnDetailDialog({
  id,
  onOpenChange,
}: {
  id: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { role } = useSession();
  const can = permissionsFor(role);
  const query = useVendorReturn(id ?? undefined);
  const record = query.data;
  const refunds = useReturnRefunds(id ?? undefined, can.canViewFinancials);
  const notes = useReturnCreditNotes(id ?? undefined, can.canViewFinancials);
  const action = useReturnAction(id ?? '');
  const remove = useDeleteReturn();
  const [refunding, setRefunding] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const date = (iso: string | null) => (iso ? formatBusinessDate(iso, i18n.language) : '—');

  const run = (name: ReturnAction) =>
    action.mutate(name, {
      onSuccess: () => toast.success(t(`vendorReturns.toast.${name}`)),
    });

  const body = (r: VendorReturn) => (
    <div className="space-y-5 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge kind="return" status={r.status} testId="return-detail-status" />
        <span className="text-fg-muted">{t(`vendorReturns.reasons.${r.reason}`)}</span>
      </div>
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-surface-muted/70 p-3 sm:grid-cols-4">
        <Fact label={t('vendorReturns.fields.returnDate')}>{date(r.return_date)}</Fact>
        <Fact label={t('vendorReturns.fields.totalReturn')} testId="return-detail-total">
          {inr(r.total_return_amount)}
        </Fact>
        <Fact label={t('vendorReturns.fields.refunded')} testId="return-detail-refunded">
          {inr(r.actual_refund_amount ?? 0)}
        </Fact>
        <Fact label={t('vendorReturns.fields.refundType')}>
          {r.refund_type ? t(`vendorReturns.refundChoices.${r.refund_type}`) : '—'}
        </Fact>
      </dl>
      {r.approved_at ? (
        <p className="text-fg-muted" data-testid="return-detail-approval">
          {r.approval_notes ?? t('vendorReturns.detail.approved')} ·{' '}
          {formatTimestamp(r.approved_at, i18n.language)}
        </p>
      ) : null}
      {r.notes ? <p className="whitespace-pre-line text-fg">{r.notes}</p> : null}
      <Section title={t('vendorReturns.detail.lines')}>
        <ul className="divide-y divide-border rounded-xl border border-border">
          {r.items.map((line) => {
            const dl = line.expand?.delivery_item;
            const unit = dl?.expand?.item?.unit;
            const delivery = dl?.expand?.delivery;
            return (
              <li key={line.id} className="flex items-start justify-between gap-3 px-3 py-2.5">
                <div className="min-w-0">
                  <p className="truncate font-medium text-fg">{dl?.expand?.item?.name ?? '—'}</p>
                  <p className="text-xs text-fg-muted">
                    {formatQuantity(line.quantity_returned, unit)} × {inr(line.return_rate)} ·{' '}
                    {t(`vendorReturns.conditions.${line.condition}`)}
                    {delivery
                      ? ` · ${t('vendorReturns.wizard.fromDelivery', {
                          date: date(delivery.delivery_date),
                          reference: delivery.delivery_reference ?? '—',
                        })}`
                      : ''}
                  </p>
                </div>
                <span className="font-medium tabular-nums text-fg">{inr(line.return_amount)}</span>
              </li>
            );
          })}
        </ul>
      </Section>
      <ReturnPhotos record={r} canUpdate={can.canUpdate} />
      {can.canViewFinancials && (refunds.data?.items.length ?? 0) > 0 ? (
        <Section title={t('vendorReturns.detail.refunds')}>
          <ul
            className="divide-y divide-border rounded-xl border border-border"
            data-testid="return-detail-refunds"
          >
            {refunds.data?.items.map((refund) => (
              <li key={refund.id} className="flex justify-between gap-3 px-3 py-2.5">
                <span className="min-w-0 truncate text-fg-muted">
                  {date(refund.refund_date)} · {t(`vendorReturns.methods.${refund.refund_method}`)}
                  {refund.expand?.account ? ` · ${refund.expand.account.name}` : ''}
                  {refund.reference ? ` · ${refund.reference}` : ''}
                </span>
                <span className="font-medium tabular-nums text-fg">
                  {inr(refund.refund_amount)}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {can.canViewFinancials && (notes.data?.items.length ?? 0) > 0 ? (
        <Section title={t('vendorReturns.detail.creditNotes')}>
          <ul
            className="divide-y divide-border rounded-xl border border-border"
            data-testid="return-detail-credit-notes"
          >
            {notes.data?.items.map((note) => (
              <li key={note.id} className="flex items-center justify-between gap-3 px-3 py-2.5">
                <span className="min-w-0 truncate text-fg-muted">
                  {note.reference ?? t('vendorReturns.creditNotes.noReference')} ·{' '}
                  {t('vendorReturns.creditNotes.balanceOf', {
                    balance: inr(note.balance),
                    amount: inr(note.credit_amount),
                  })}
                </span>
                <StatusBadge kind="creditNote" status={note.status} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {action.isError ? <Alert tone="error">{errorMessage(action.error, t)}</Alert> : null}
      <div className="flex flex-wrap gap-2 border-t border-border pt-4">
        {can.canUpdate
          ? (['approve', 'reject', 'complete'] as const)
              .filter((name) => canTransition(name, r.status))
              .map((name) => (
                <Button
                  key={name}
                  variant={name === 'reject' ? 'secondary' : 'primary'}
                  icon={ACTION_ICONS[name]}
                  loading={action.isPending && action.variables === name}
                  disabled={action.isPending}
                  onClick={() => run(name)}
                  data-testid={`return-${name}`}
                >
                  {t(`vendorReturns.actions.${name}`)}
                </Button>
              ))
          : null}
        {can.canUpdate && returnLinesEditProblem(r.status) === null ? (
          <Button
            variant="secondary"
            icon={<Pencil className="size-4" aria-hidden="true" />}
            onClick={() => setEditing(true)}
            data-testid="return-edit-open"
          >
            {t('returns.edit.open')}
          </Button>
        ) : null}
        {can.canUpdate && can.canViewFinancials && isRefundableReturnStatus(r.status) ? (
          <Button
            variant="secondary"
            icon={<IndianRupee className="size-4" aria-hidden="true" />}
            onClick={() => setRefunding(true)}
            data-testid="return-record-refund"
          >
            {t('vendorReturns.actions.recordRefund')}
          </Button>
        ) : null}
        {can.canDelete ? (
          <Button
            variant="ghost"
            className="ml-auto hover:text-danger"
            icon={<Trash2 className="size-4" aria-hidden="true" />}
            onClick={() => {
              remove.reset();
              setDeleting(true);
            }}
            data-testid="return-delete"
          >
            {t('kit.actions.delete')}
          </Button>
        ) : null}
      </div>
    </div>
  );

  return (
    <>
      <Dialog
        open={id !== null}
        onOpenChange={onOpenChange}
        title={t('vendorReturns.detail.title', { vendor: record?.expand?.vendor?.name ?? '' })}
        description={record ? date(record.return_date) : undefined}
        className="max-w-2xl"
        testId="return-detail"
      >
        {record ? (
          body(record)
        ) : query.isError ? (
          <Alert tone="error">{errorMessage(query.error, t)}</Alert>
        ) : (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        )}
      </Dialog>
      {record ? (
        <ReturnEditDialog record={record} open={editing} onOpenChange={setEditing} />
      ) : null}
      {record ? (
        <RefundFormDialog
          open={refunding}
          onOpenChange={setRefunding}
          record={record}
          refunded={record.actual_refund_amount ?? 0}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('vendorReturns.delete.title')}
        description={t('vendorReturns.delete.description')}
        confirmLabel={t('kit.actions.delete')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => {
          if (!id) return;
          remove.mutate(id, {
            onSuccess: () => {
              setDeleting(false);
              onOpenChange(false);
              toast.success(t('vendorReturns.toast.deleted'));
            },
          });
        }}
        testId="return-delete-dialog"
      />
    </>
  );
}
