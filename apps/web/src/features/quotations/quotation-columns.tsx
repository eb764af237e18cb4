import type { Permissions, Quotation, QuotationType } from '@siteledger/domain';
import { Package, Pencil, Scale, ShoppingCart, Trash2, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { actionsColumn } from '../../components/list-page/actions-column';
import { Button } from '../../components/ui/button';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatQuantity } from '../../components/ui/quantity-field';
import { StatusBadge } from '../../components/ui/status-badge';
import { formatRupees } from '../../lib/format';
import { formatDay, perUnit } from './quotation-format';
import { CardFigure } from '../../components/list-page/card-head';

export interface QuotationActions {
  can: Permissions;
  onAdd: () => void;
  onEdit: (quotation: Quotation) => void;
  onDelete: (quotation: Quotation) => void;
  onCompare: (type: QuotationType, id: string) => void;
}

const targetOf = (q: Quotation) =>
  q.quotation_type === 'item' ? q.expand?.item : q.expand?.service;
const targetId = (q: Quotation) => (q.quotation_type === 'item' ? q.item : q.service) ?? '';

export function TypeIcon({ type }: { type: QuotationType }) {
  const Icon = type === 'item' ? Package : Wrench;
  return <Icon className="size-3.5 shrink-0 text-fg-subtle" aria-hidden="true" />;
}

/** An item quotation still standing can become a purchase order (the orders page opens the form). */
const orderable = (q: Quotation) =>
  q.quotation_type === 'item' &&
  Boolean(q.item) &&
  (q.status === 'pending' || q.status === 'accepted');

/** Compare, create a PO, edit, delete; on phone cards the compare button carries its label. */
function QuotationRowActions({
  q,
  labelled = false,
  can,
  onEdit,
  onDelete,
  onCompare,
}: { q: Quotation; labelled?: boolean } & Omit<QuotationActions, 'onAdd'>) {
  const { t } = useTranslation();
  const compareLabel = t('quotations.compareNamed', { name: targetOf(q)?.name ?? '' });
  const vendor = q.expand?.vendor?.name ?? '';
  const navigate = useNavigate();
  const orderLabel = t('quotations.createPoNamed', { name: vendor });
  return (
    <div className={labelled ? 'flex items-center gap-1' : 'flex justify-end gap-1'}>
      {targetId(q) ? (
        <Button
          variant="ghost"
          size={labelled ? 'sm' : 'icon'}
          className={labelled ? '-ml-2 mr-auto h-10 px-2 text-primary' : 'size-10 md:size-9'}
          icon={labelled ? <Scale className="size-4" aria-hidden="true" /> : undefined}
          onClick={() => onCompare(q.quotation_type, targetId(q))}
          aria-label={compareLabel}
          title={compareLabel}
          data-testid={`quotation-compare-${q.id}`}
        >
          {labelled ? (
            t('quotations.tabs.compare')
          ) : (
            <Scale className="size-4" aria-hidden="true" />
          )}
        </Button>
      ) : null}
      {can.canCreate && orderable(q) ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-10 md:size-9"
          onClick={() =>
            void navigate(`/purchase-orders?fromQuotation=${encodeURIComponent(q.id)}`)
          }
          aria-label={orderLabel}
          title={orderLabel}
          data-testid={`quotation-create-po-${q.id}`}
        >
          <ShoppingCart className="size-4" aria-hidden="true" />
        </Button>
      ) : null}
      {can.canUpdate ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-10 md:size-9"
          onClick={() => onEdit(q)}
          aria-label={t('quotations.editNamed', { name: vendor })}
          data-testid={`quotation-edit-${q.id}`}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
      ) : null}
      {can.canDelete ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-10 hover:text-danger md:size-9"
          onClick={() => onDelete(q)}
          aria-label={t('quotations.deleteNamed', { name: vendor })}
          data-testid={`quotation-delete-${q.id}`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}

/** The quotations list's columns and phone card. */
export function useQuotationColumns(handlers: Omit<QuotationActions, 'onAdd'>) {
  const { t, i18n } = useTranslation();
  const actions = (q: Quotation, labelled = false) => (
    <QuotationRowActions q={q} labelled={labelled} {...handlers} />
  );
  const price = (q: Quotation) => (
    <span className="whitespace-nowrap">
      <span className="font-semibold text-fg">{formatRupees(q.unit_price)}</span>
      <span className="text-xs text-fg-muted">{perUnit(targetOf(q)?.unit)}</span>
    </span>
  );
  const minQty = (q: Quotation) =>
    q.minimum_quantity !== null ? (
      formatQuantity(q.minimum_quantity, targetOf(q)?.unit)
    ) : (
      <span className="text-fg-subtle">—</span>
    );
  const validity = (q: Quotation) =>
    q.valid_until ? (
      <span className={q.status === 'expired' ? 'text-fg-muted line-through' : undefined}>
        {formatDay(q.valid_until, i18n.language)}
      </span>
    ) : (
      <span className="text-fg-subtle">{t('quotations.noExpiry')}</span>
    );

  const columns: DataTableColumn<Quotation>[] = [
    {
      key: 'vendor',
      header: t('quotations.fields.vendor'),
      cell: (q) => (
        <div className="min-w-0 max-w-56">
          <p className="truncate font-medium text-fg">{q.expand?.vendor?.name ?? '—'}</p>
          {q.expand?.vendor?.company_name ? (
            <p className="truncate text-xs text-fg-muted">{q.expand.vendor.company_name}</p>
          ) : null}
        </div>
      ),
    },
    {
      key: 'target',
      header: t('quotations.fields.target'),
      cell: (q) => (
        <div className="min-w-0 max-w-56">
          <p className="truncate text-fg">{targetOf(q)?.name ?? '—'}</p>
          <p className="flex items-center gap-1 text-xs text-fg-muted">
            <TypeIcon type={q.quotation_type} />
            {t(`quotations.types.${q.quotation_type}`)}
          </p>
        </div>
      ),
    },
    {
      key: 'price',
      header: t('quotations.fields.unitPrice'),
      sortKey: 'unit_price',
      align: 'right',
      cell: price,
    },
    {
      key: 'minimum',
      header: t('quotations.fields.minQty'),
      align: 'right',
      hideBelow: 'lg',
      cell: minQty,
    },
    {
      key: 'valid',
      header: t('quotations.fields.validUntil'),
      sortKey: 'valid_until',
      cell: (q) => <span className="whitespace-nowrap">{validity(q)}</span>,
    },
    {
      key: 'status',
      header: t('quotations.fields.status'),
      sortKey: 'status',
      cell: (q) => <StatusBadge kind="quotation" status={q.status} />,
    },
    actionsColumn(t, (q: Quotation) => actions(q)),
  ];

  const mobileCard = (q: Quotation) => (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-base font-semibold text-fg">{q.expand?.vendor?.name}</p>
          <div className="text-sm text-fg-muted">
            <span className="flex min-w-0 items-center gap-1.5">
              <TypeIcon type={q.quotation_type} />
              <span className="truncate">{targetOf(q)?.name ?? '—'}</span>
            </span>
          </div>
        </div>
        <StatusBadge kind="quotation" status={q.status} />
      </div>
      <dl className="grid grid-cols-3 gap-2 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <CardFigure label={t('quotations.fields.unitPrice')} valueClassName="truncate tabular-nums">
          {price(q)}
        </CardFigure>
        <CardFigure
          label={t('quotations.fields.minQty')}
          valueClassName="truncate tabular-nums text-fg"
        >
          {minQty(q)}
        </CardFigure>
        <CardFigure
          label={t('quotations.fields.validUntil')}
          className="min-w-0 text-right"
          valueClassName="truncate text-fg"
        >
          {validity(q)}
        </CardFigure>
      </dl>
      <div className="-mb-1">{actions(q, true)}</div>
    </div>
  );

  return { columns, mobileCard };
}
