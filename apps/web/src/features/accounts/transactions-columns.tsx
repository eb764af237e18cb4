import type { AccountTransaction } from '@siteledger/domain';
import { Link2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn } from '../../components/list-page/actions-column';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { NameCell } from '../../components/list-page/name-cell';

/** Made by a payment or a refund: changed there, not here. */
export const isLinked = (tx: AccountTransaction) => Boolean(tx.payment || tx.vendor_refund);

export function LinkedBadge({ tx }: { tx: AccountTransaction }) {
  const { t } = useTranslation();
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-info-soft px-2 py-0.5 text-xs font-medium text-info-soft-fg"
      data-testid={`transaction-linked-${tx.id}`}
    >
      <Link2 className="size-3" aria-hidden="true" />
      {tx.payment ? t('accounts.transactions.fromPayment') : t('accounts.transactions.fromRefund')}
    </span>
  );
}

function Amount({ tx, side }: { tx: AccountTransaction; side: 'credit' | 'debit' }) {
  if (tx.type !== side) return <span className="text-fg-subtle">—</span>;
  return (
    <span
      className={side === 'credit' ? 'font-medium text-success-soft-fg' : 'font-medium text-fg'}
      data-testid={`transaction-${side}-${tx.id}`}
    >
      {formatRupees(tx.amount)}
    </span>
  );
}

/** A transaction's headline: its description, else its reference, else its type. */
export function useTransactionTitle() {
  const { t } = useTranslation();
  return (tx: AccountTransaction) =>
    tx.description || tx.reference || t(`accounts.transactions.types.${tx.type}`);
}

/** An account's transactions: columns and phone card; `actions` end each row. */
export function useTransactionColumns(actions: (tx: AccountTransaction) => ReactNode) {
  const { t, i18n } = useTranslation();
  const title = useTransactionTitle();
  const date = (tx: AccountTransaction) =>
    formatBusinessDate(tx.transaction_date.slice(0, 10), i18n.language);
  const category = (tx: AccountTransaction) =>
    tx.transaction_category ? t(`accounts.categories.${tx.transaction_category}`) : '—';

  const columns: DataTableColumn<AccountTransaction>[] = [
    {
      key: 'date',
      header: t('accounts.transactions.fields.date'),
      sortKey: 'transaction_date',
      firstDirection: 'desc',
      cell: (tx) => <span className="whitespace-nowrap text-fg-muted">{date(tx)}</span>,
    },
    {
      key: 'description',
      header: t('accounts.transactions.fields.description'),
      cell: (tx) => <NameCell name={title(tx)} detail={tx.description ? tx.reference : null} />,
    },
    {
      key: 'vendor',
      header: t('accounts.transactions.fields.vendor'),
      hideBelow: 'lg',
      cell: (tx) => <span className="text-fg-muted">{tx.expand?.vendor?.name ?? '—'}</span>,
    },
    {
      key: 'category',
      header: t('accounts.transactions.fields.category'),
      hideBelow: 'xl',
      cell: (tx) => <span className="text-fg-muted">{category(tx)}</span>,
    },
    {
      key: 'credit',
      header: t('accounts.transactions.credit'),
      align: 'right',
      cell: (tx) => <Amount tx={tx} side="credit" />,
    },
    {
      key: 'debit',
      header: t('accounts.transactions.debit'),
      align: 'right',
      cell: (tx) => <Amount tx={tx} side="debit" />,
    },
    actionsColumn(t, actions),
  ];

  const mobileCard = (tx: AccountTransaction) => (
    <div className="space-y-1">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 truncate text-base font-semibold text-fg">{title(tx)}</p>
        <p
          className={`shrink-0 text-base font-semibold tabular-nums ${tx.type === 'credit' ? 'text-success-soft-fg' : 'text-fg'}`}
        >
          {tx.type === 'credit' ? '+' : '−'}
          {formatRupees(tx.amount)}
        </p>
      </div>
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 truncate text-sm text-fg-muted">
          {[date(tx), tx.expand?.vendor?.name, tx.transaction_category ? category(tx) : null]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <div className="-mr-2 shrink-0">{actions(tx)}</div>
      </div>
    </div>
  );

  return { columns, mobileCard };
}
