import { TRANSACTION_TYPES, permissionsFor, type AccountTransaction } from '@siteledger/domain';
import { ArrowLeftRight, Link2, Pencil, Plus, SearchX, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterSelect, ListToolbar } from '../../components/ui/list-toolbar';
import { Pagination } from '../../components/ui/pagination';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { useSession } from '../../lib/session';
import { useAccountTransactions, useDeleteTransaction } from './api';
import { TransactionFormDialog } from './transaction-form-dialog';

const FILTERS = ['type'] as const;

const isLinked = (tx: AccountTransaction) => Boolean(tx.payment || tx.vendor_refund);

function LinkedBadge({ tx }: { tx: AccountTransaction }) {
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

/** One account's transactions: newest first, date range, add/edit/delete manual ones. */
export function TransactionsSection({
  accountId,
  accountActive,
  adding,
  onAddingChange,
}: {
  accountId: string;
  accountActive: boolean;
  adding: boolean;
  onAddingChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const can = permissionsFor(useSession().role);
  const list = useListParams({ filters: FILTERS });
  const transactions = useAccountTransactions(accountId, list.query);
  const remove = useDeleteTransaction();
  const [editing, setEditing] = useState<AccountTransaction | null>(null);
  const [deleting, setDeleting] = useState<AccountTransaction | null>(null);

  const date = (tx: AccountTransaction) =>
    formatBusinessDate(tx.transaction_date.slice(0, 10), i18n.language);
  const category = (tx: AccountTransaction) =>
    tx.transaction_category ? t(`accounts.categories.${tx.transaction_category}`) : '—';
  const title = (tx: AccountTransaction) =>
    tx.description || tx.reference || t(`accounts.transactions.types.${tx.type}`);

  const actions = (tx: AccountTransaction) => {
    if (isLinked(tx)) return <LinkedBadge tx={tx} />;
    if (!can.canUpdate && !can.canDelete) return null;
    return (
      <div className="flex justify-end gap-1">
        {can.canUpdate ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-10 md:size-9"
            onClick={() => setEditing(tx)}
            aria-label={t('accounts.transactions.editNamed', { name: title(tx) })}
            data-testid={`transaction-edit-${tx.id}`}
          >
            <Pencil className="size-4" aria-hidden="true" />
          </Button>
        ) : null}
        {can.canDelete ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-10 hover:text-danger md:size-9"
            onClick={() => {
              remove.reset();
              setDeleting(tx);
            }}
            aria-label={t('accounts.transactions.deleteNamed', { name: title(tx) })}
            data-testid={`transaction-delete-${tx.id}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    );
  };

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
      cell: (tx) => (
        <div className="min-w-0 max-w-xs">
          <p className="truncate font-medium text-fg">{title(tx)}</p>
          {tx.reference && tx.description ? (
            <p className="truncate text-xs text-fg-muted">{tx.reference}</p>
          ) : null}
        </div>
      ),
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
    {
      key: 'actions',
      header: t('kit.actions.actions'),
      align: 'right',
      headerClassName: 'sr-only',
      cell: actions,
    },
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

  const empty = list.hasFilters ? (
    <EmptyState
      icon={<SearchX />}
      title={t('accounts.transactions.empty.filteredTitle')}
      description={t('accounts.empty.filteredDescription')}
      action={
        <Button variant="secondary" onClick={list.clearFilters}>
          {t('kit.toolbar.clear')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<ArrowLeftRight />}
      title={t('accounts.transactions.empty.title')}
      description={t('accounts.transactions.empty.description')}
      action={
        can.canCreate && accountActive ? (
          <Button
            icon={<Plus className="size-4" aria-hidden="true" />}
            onClick={() => onAddingChange(true)}
          >
            {t('accounts.transactions.add')}
          </Button>
        ) : null
      }
    />
  );

  return (
    <section aria-labelledby="transactions-heading" className="space-y-4">
      <h2 id="transactions-heading" className="text-lg font-semibold text-fg">
        {t('accounts.transactions.title')}
        {transactions.data ? (
          <span className="ml-2 text-sm font-normal text-fg-muted">
            {transactions.data.totalItems}
          </span>
        ) : null}
      </h2>
      <ListToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        searchPlaceholder={t('accounts.transactions.searchPlaceholder')}
        hasFilters={list.hasFilters}
        onClear={list.clearFilters}
        activeFilters={list.filters.type ? 1 : 0}
        dateRange={{
          from: list.from,
          to: list.to,
          onFromChange: list.setFrom,
          onToChange: list.setTo,
        }}
        testId="transactions-toolbar"
        filters={
          <FilterSelect
            label={t('accounts.transactions.fields.type')}
            value={list.filters.type ?? ''}
            onChange={(value) => list.setFilter('type', value)}
            allLabel={t('accounts.transactions.allTypes')}
            options={TRANSACTION_TYPES.map((type) => ({
              value: type,
              label: t(`accounts.transactions.types.${type}`),
            }))}
            testId="transactions-filter-type"
          />
        }
      />
      <DataTable
        columns={columns}
        rows={transactions.data?.items}
        rowKey={(tx) => tx.id}
        loading={transactions.isPending}
        fetching={transactions.isPlaceholderData}
        error={transactions.error}
        onRetry={() => void transactions.refetch()}
        sort={list.sort}
        onSortChange={list.toggleSort}
        mobileCard={mobileCard}
        empty={empty}
        label={t('accounts.transactions.title')}
        testId="transactions-table"
        rowTestId={(tx) => `transaction-row-${tx.id}`}
      />
      {transactions.data ? (
        <Pagination
          page={list.page}
          perPage={list.perPage}
          totalItems={transactions.data.totalItems}
          totalPages={transactions.data.totalPages}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
          disabled={transactions.isPlaceholderData}
        />
      ) : null}

      <TransactionFormDialog
        open={adding || editing !== null}
        onOpenChange={(open) => {
          if (!open) {
            onAddingChange(false);
            setEditing(null);
          }
        }}
        accountId={accountId}
        transaction={editing}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('accounts.transactions.delete.title')}
        description={t('accounts.transactions.delete.description', {
          amount: deleting ? formatRupees(deleting.amount) : '',
        })}
        confirmLabel={t('kit.actions.delete')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('accounts.toast.txDeleted'));
            },
          });
        }}
        testId="transaction-delete-dialog"
      />
    </section>
  );
}
