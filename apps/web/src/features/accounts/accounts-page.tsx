import { ACCOUNT_TYPES, permissionsFor, type Account } from '@siteledger/domain';
import { Pencil, SearchX, Trash2, WalletCards } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../components/plan-limit';
import { Button } from '../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterSelect, ListToolbar } from '../../components/ui/list-toolbar';
import { PageHeader, useAddAction } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { useListParams } from '../../lib/list-params';
import { useSession } from '../../lib/session';
import { usePlanLimit } from '../../lib/subscription-api';
import { AccountFormDialog } from './account-form-dialog';
import { AccountTypeIcon, AccountTypeLabel, ActiveBadge, Balance } from './account-labels';
import { useAccounts } from './api';
import { DeleteAccountDialog } from './delete-account-dialog';

const FILTERS = ['type', 'is_active'] as const;

/** "HDFC Bank · ••4321" style secondary line. */
function bankLine(account: Account): string {
  const number = account.account_number ? `••${account.account_number.slice(-4)}` : '';
  return [account.bank_name, number].filter(Boolean).join(' · ');
}

/** /accounts — bank, cash and other accounts with their current balances. */
export function AccountsPage() {
  const { t } = useTranslation();
  const can = permissionsFor(useSession().role);
  const list = useListParams({ sort: 'name', filters: FILTERS });
  const accounts = useAccounts(list.query);
  const [editing, setEditing] = useState<Account | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Account | null>(null);

  const openAdd = () => setAdding(true);
  const limit = usePlanLimit('accounts');
  useAddAction(openAdd, can.canCreate && !limit.blocked);

  const showActions = can.canUpdate || can.canDelete;
  const actions = (account: Account) =>
    showActions ? (
      <div className="flex justify-end gap-1">
        {can.canUpdate ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-10 md:size-9"
            onClick={(event) => {
              event.stopPropagation();
              setEditing(account);
            }}
            aria-label={t('accounts.editNamed', { name: account.name })}
            data-testid={`account-edit-${account.id}`}
          >
            <Pencil className="size-4" aria-hidden="true" />
          </Button>
        ) : null}
        {can.canDelete ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-10 hover:text-danger md:size-9"
            onClick={(event) => {
              event.stopPropagation();
              setDeleting(account);
            }}
            aria-label={t('accounts.deleteNamed', { name: account.name })}
            data-testid={`account-delete-${account.id}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    ) : null;

  const columns: DataTableColumn<Account>[] = [
    {
      key: 'name',
      header: t('accounts.fields.name'),
      sortKey: 'name',
      cell: (account) => (
        <div className="flex min-w-0 max-w-xs items-center gap-3">
          <AccountTypeIcon type={account.type} className="size-9" />
          <div className="min-w-0">
            <p className="truncate font-medium text-fg">{account.name}</p>
            {account.description ? (
              <p className="truncate text-xs text-fg-muted">{account.description}</p>
            ) : null}
          </div>
        </div>
      ),
    },
    {
      key: 'type',
      header: t('accounts.fields.type'),
      sortKey: 'type',
      cell: (account) => <AccountTypeLabel type={account.type} />,
    },
    {
      key: 'bank',
      header: t('accounts.fields.bank'),
      hideBelow: 'lg',
      cell: (account) => <span className="text-fg-muted">{bankLine(account) || '—'}</span>,
    },
    {
      key: 'status',
      header: t('accounts.fields.status'),
      cell: (account) => <ActiveBadge active={account.is_active} />,
    },
    {
      key: 'balance',
      header: t('accounts.fields.currentBalance'),
      sortKey: 'current_balance',
      firstDirection: 'desc',
      align: 'right',
      cell: (account) => (
        <Balance
          rupees={account.current_balance}
          className="font-semibold"
          testId={`account-balance-${account.id}`}
        />
      ),
    },
    ...(showActions
      ? [
          {
            key: 'actions',
            header: t('kit.actions.actions'),
            align: 'right' as const,
            headerClassName: 'sr-only',
            cell: actions,
          },
        ]
      : []),
  ];

  const mobileCard = (account: Account) => (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <AccountTypeIcon type={account.type} />
          <div className="min-w-0">
            <p className="truncate text-base font-semibold text-fg">{account.name}</p>
            <p className="truncate text-sm text-fg-muted">
              {[t(`accounts.types.${account.type}`), bankLine(account)].filter(Boolean).join(' · ')}
            </p>
          </div>
        </div>
        {actions(account)}
      </div>
      <div className="flex items-end justify-between gap-3 rounded-xl bg-surface-muted/70 p-3">
        <div>
          <p className="text-xs text-fg-muted">{t('accounts.fields.currentBalance')}</p>
          <Balance rupees={account.current_balance} className="text-lg font-semibold" />
        </div>
        <ActiveBadge active={account.is_active} />
      </div>
    </div>
  );

  const empty = list.hasFilters ? (
    <EmptyState
      icon={<SearchX />}
      title={t('accounts.empty.filteredTitle')}
      description={t('accounts.empty.filteredDescription')}
      action={
        <Button variant="secondary" onClick={list.clearFilters}>
          {t('kit.toolbar.clear')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<WalletCards />}
      title={t('accounts.empty.title')}
      description={t('accounts.empty.description')}
      action={
        can.canCreate ? (
          <AddButton
            resource="accounts"
            onClick={openAdd}
            label={t('accounts.add')}
            placement="empty"
          />
        ) : null
      }
    />
  );

  const activeFilters = FILTERS.filter((name) => list.filters[name]).length;

  return (
    <div data-testid="page-accounts" data-tour="accounts-page">
      <PageHeader
        title={t('pages.accounts.title')}
        subtitle={t('pages.accounts.description')}
        actions={
          can.canCreate ? (
            <AddButton
              resource="accounts"
              onClick={openAdd}
              label={t('accounts.add')}
              testId="account-add"
            />
          ) : null
        }
      />
      <ListToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        searchPlaceholder={t('accounts.searchPlaceholder')}
        hasFilters={list.hasFilters}
        onClear={list.clearFilters}
        activeFilters={activeFilters}
        testId="accounts-toolbar"
        filters={
          <>
            <FilterSelect
              label={t('accounts.fields.type')}
              value={list.filters.type ?? ''}
              onChange={(value) => list.setFilter('type', value)}
              allLabel={t('accounts.filters.allTypes')}
              options={ACCOUNT_TYPES.map((type) => ({
                value: type,
                label: t(`accounts.types.${type}`),
              }))}
              testId="accounts-filter-type"
            />
            <FilterSelect
              label={t('accounts.fields.status')}
              value={list.filters.is_active ?? ''}
              onChange={(value) => list.setFilter('is_active', value)}
              allLabel={t('accounts.filters.allStatuses')}
              options={[
                { value: 'true', label: t('accounts.active') },
                { value: 'false', label: t('accounts.inactive') },
              ]}
              testId="accounts-filter-active"
            />
          </>
        }
      />
      <DataTable
        columns={columns}
        rows={accounts.data?.items}
        rowKey={(account) => account.id}
        loading={accounts.isPending}
        fetching={accounts.isPlaceholderData}
        error={accounts.error}
        onRetry={() => void accounts.refetch()}
        sort={list.sort}
        onSortChange={list.toggleSort}
        rowHref={(account) => `/accounts/${account.id}`}
        mobileCard={mobileCard}
        empty={empty}
        label={t('pages.accounts.title')}
        testId="accounts-table"
        rowTestId={(account) => `account-row-${account.id}`}
      />
      {accounts.data ? (
        <Pagination
          page={list.page}
          perPage={list.perPage}
          totalItems={accounts.data.totalItems}
          totalPages={accounts.data.totalPages}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
          disabled={accounts.isPlaceholderData}
        />
      ) : null}

      <AccountFormDialog
        open={adding || editing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setAdding(false);
            setEditing(null);
          }
        }}
        account={editing}
      />
      <DeleteAccountDialog account={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}
