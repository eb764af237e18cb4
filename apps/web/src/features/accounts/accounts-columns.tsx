import type { Account } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/ui/data-table';
import { AccountTypeIcon, AccountTypeLabel, ActiveBadge, Balance } from './account-labels';

/** "HDFC Bank · ••4321" style secondary line. */
function bankLine(account: Account): string {
  const number = account.account_number ? `••${account.account_number.slice(-4)}` : '';
  return [account.bank_name, number].filter(Boolean).join(' · ');
}

/** The accounts list's columns and phone card; `actions` are the row's edit/delete buttons. */
export function useAccountColumns(
  actions: (account: Account) => ReactNode,
  actionsColumn: DataTableColumn<Account>[],
) {
  const { t } = useTranslation();
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
    ...actionsColumn,
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

  return { columns, mobileCard };
}
