/**
 * "Advances" on a purchase order (financial roles): the vendor's payments set aside for the order,
 * what of each is not yet applied, "Set aside a payment" (roles that create) and a remove button
 * per payment (roles that update), while the order is open.
 */
import { permissionsFor, type PurchaseOrder, type PurchaseOrderAdvance } from '@siteledger/domain';
import { HandCoins, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactEmpty, SectionHeading } from '../../components/record-detail/figure-card';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { errorMessage } from '../../lib/api-client';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast-store';
import { usePurchaseOrderAdvances, usePurchaseOrderAdvanceWrite } from './api';
import { SetAsideDialog } from './po-set-aside-dialog';

export function PoAdvancesCard({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation();
  const can = permissionsFor(useSession().role);
  const advances = usePurchaseOrderAdvances(order.id, can.canViewFinancials);
  const write = usePurchaseOrderAdvanceWrite(order.id);
  const [choosing, setChoosing] = useState(false);
  if (!can.canViewFinancials) return null;
  const open = order.status !== 'closed' && order.status !== 'cancelled';
  const editable = can.canCreate && open;
  // The server lets create roles set a payment aside and update roles take it back.
  const removable = can.canUpdate && open;
  const rows = advances.data?.items ?? [];
  const removing = write.remove.isPending ? write.remove.variables : null;
  const remove = (payment: string) =>
    write.remove.mutate(payment, {
      onSuccess: () => toast.success(t('purchaseOrders.advances.removed')),
      onError: (error) => toast.error(errorMessage(error, t)),
    });

  return (
    <section aria-labelledby="po-advances-title" data-testid="po-advances">
      <SectionHeading
        id="po-advances-title"
        title={t('purchaseOrders.advances.title')}
        count={rows.length || undefined}
        description={t('purchaseOrders.advances.explain')}
        actions={
          editable ? (
            <Button
              variant="secondary"
              icon={<Plus className="size-4" aria-hidden="true" />}
              onClick={() => {
                write.add.reset();
                setChoosing(true);
              }}
              data-testid="po-advance-add"
            >
              {t('purchaseOrders.advances.setAside')}
            </Button>
          ) : null
        }
      />
      <Card>
        {advances.isError ? (
          <p className="px-5 py-4 text-sm text-danger" role="alert">
            {errorMessage(advances.error, t)}
          </p>
        ) : rows.length === 0 ? (
          <CompactEmpty
            icon={HandCoins}
            title={
              advances.isPending
                ? t('purchaseOrders.advances.loading')
                : t('purchaseOrders.advances.none')
            }
          />
        ) : (
          <>
            <p
              className="border-b border-border px-5 py-3 text-sm text-fg-muted sm:px-6"
              data-testid="po-advances-totals"
            >
              {t('purchaseOrders.advances.totals', {
                amount: formatRupees(order.advance_amount),
                unapplied: formatRupees(order.advance_unapplied),
              })}
            </p>
            <ul className="divide-y divide-border" data-testid="po-advances-list">
              {rows.map((row) => (
                <AdvanceRow
                  key={row.payment}
                  row={row}
                  onRemove={removable ? () => remove(row.payment) : null}
                  busy={removing === row.payment}
                />
              ))}
            </ul>
          </>
        )}
      </Card>
      {editable ? (
        <SetAsideDialog
          open={choosing}
          onOpenChange={setChoosing}
          vendorId={order.vendor}
          taken={rows.map((row) => row.payment)}
          mutation={write.add}
        />
      ) : null}
    </section>
  );
}

function AdvanceRow({
  row,
  onRemove,
  busy,
}: {
  row: PurchaseOrderAdvance;
  onRemove: (() => void) | null;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const date = formatBusinessDate(row.payment_date, i18n.language);
  return (
    <li
      className="flex items-center gap-3 px-5 py-3 text-sm sm:px-6"
      data-testid={`po-advance-${row.payment}`}
    >
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-fg">
          {row.reference ? `${date} · ${row.reference}` : date}
        </p>
        <p className="text-fg-muted">
          {row.unapplied > 0
            ? t('purchaseOrders.advances.unapplied', { amount: formatRupees(row.unapplied) })
            : t('purchaseOrders.advances.allApplied')}
        </p>
      </div>
      <span className="shrink-0 font-semibold tabular-nums text-fg">
        {formatRupees(row.amount)}
      </span>
      {onRemove ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-10 shrink-0 hover:text-danger md:size-9"
          loading={busy}
          onClick={onRemove}
          aria-label={t('purchaseOrders.advances.remove', { date })}
          title={t('purchaseOrders.advances.remove', { date })}
          data-testid={`po-advance-remove-${row.payment}`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}
