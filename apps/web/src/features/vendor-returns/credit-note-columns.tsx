import type { CreditNote } from '@siteledger/domain';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import type { DataTableColumn } from '../../components/ui/data-table';
import { StatusBadge } from '../../components/ui/status-badge';
import { formatBusinessDate } from '../../lib/dates';
import { inr } from './money';
import { CardHead } from '../../components/list-page/card-head';

/**
 * The credit-notes list's columns and phone card. `onDelete` is given only when the role may
 * delete (the button is hidden otherwise).
 */
export function useCreditNoteColumns({
  onDelete,
}: {
  onDelete?: ((note: CreditNote) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const can = { canDelete: Boolean(onDelete) };
  const date = (iso: string | null) => (iso ? formatBusinessDate(iso, i18n.language) : '—');

  const usable = (note: CreditNote) =>
    note.usable ? (
      <Badge tone="success">{t('vendorReturns.creditNotes.usable')}</Badge>
    ) : (
      <Badge tone="neutral">{t('vendorReturns.creditNotes.notUsable')}</Badge>
    );
  const deleteButton = (note: CreditNote) =>
    can.canDelete ? (
      <Button
        variant="ghost"
        size="icon"
        className="size-10 hover:text-danger md:size-9"
        aria-label={t('vendorReturns.creditNotes.deleteNamed', { reference: note.reference ?? '' })}
        onClick={(event) => {
          event.stopPropagation();
          onDelete?.(note);
        }}
        data-testid={`credit-note-delete-${note.id}`}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    ) : null;

  const columns: DataTableColumn<CreditNote>[] = [
    {
      key: 'vendor',
      header: t('vendorReturns.fields.vendor'),
      cell: (n) => <span className="font-medium text-fg">{n.expand?.vendor?.name ?? '—'}</span>,
    },
    {
      key: 'reference',
      header: t('vendorReturns.fields.creditReference'),
      cell: (n) => n.reference ?? <span className="text-fg-subtle">—</span>,
    },
    { key: 'issue', header: t('vendorReturns.fields.issueDate'), cell: (n) => date(n.issue_date) },
    {
      key: 'expiry',
      header: t('vendorReturns.fields.creditExpiry'),
      hideBelow: 'lg',
      cell: (n) => (n.expiry_date ? date(n.expiry_date) : t('vendorReturns.noExpiry')),
    },
    {
      key: 'amount',
      header: t('vendorReturns.fields.amount'),
      align: 'right',
      cell: (n) => inr(n.credit_amount),
    },
    {
      key: 'balance',
      header: t('vendorReturns.creditNotes.balance'),
      align: 'right',
      cell: (n) => (
        <span className="font-semibold" data-testid={`credit-note-balance-${n.id}`}>
          {inr(n.balance)}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('vendorReturns.fields.status'),
      cell: (n) => (
        <div className="flex flex-wrap gap-1.5">
          <StatusBadge kind="creditNote" status={n.status} testId={`credit-note-status-${n.id}`} />
          {usable(n)}
        </div>
      ),
    },
    ...(can.canDelete
      ? [
          {
            key: 'actions',
            header: t('kit.actions.actions'),
            align: 'right' as const,
            headerClassName: 'sr-only',
            cell: deleteButton,
          },
        ]
      : []),
  ];

  const mobileCard = (n: CreditNote) => (
    <div className="space-y-2">
      <CardHead
        title={n.expand?.vendor?.name}
        subtitle={
          <>
            {n.reference ?? '—'} · {date(n.issue_date)}
          </>
        }
        aside={deleteButton(n)}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-1.5">
          <StatusBadge kind="creditNote" status={n.status} />
          {usable(n)}
        </div>
        <p className="text-sm tabular-nums text-fg-muted">
          {t('vendorReturns.creditNotes.balanceOf', {
            balance: inr(n.balance),
            amount: inr(n.credit_amount),
          })}
        </p>
      </div>
    </div>
  );

  return { columns, mobileCard };
}
