import { ACCOUNT_TYPES, type Account } from '@siteledger/domain';
import { WalletCards } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/list-page';
import { useListPageData } from '../../components/page/use-list-page-data';
import { FilterSelect } from '../../components/ui/list-toolbar';
import { AccountFormDialog } from './account-form-dialog';
import { useAccountColumns } from './accounts-columns';
import { useAccounts } from './api';
import { DeleteAccountDialog } from './delete-account-dialog';

const FILTERS = ['type', 'is_active'] as const;
const NAMES = { ns: 'accounts', one: 'account', many: 'accounts' };

/** /accounts — bank, cash and other accounts with their current balances. */
export function AccountsPage() {
  const { t } = useTranslation();
  const { table, list, form, deleting } = useListPageData<Account>(
    {
      names: NAMES,
      resource: 'accounts',
      sort: 'name',
      filters: FILTERS,
      rowName: (account) => account.name,
    },
    { useRecords: useAccounts, useColumns: useAccountColumns },
  );

  return (
    <ListPage
      {...table}
      rowHref={(account) => `/accounts/${account.id}`}
      emptyIcon={<WalletCards />}
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
      dialogs={
        <>
          <AccountFormDialog
            open={form.open}
            onOpenChange={form.onOpenChange}
            account={form.editing}
          />
          <DeleteAccountDialog
            account={deleting.target}
            onOpenChange={(open) => !open && deleting.close()}
          />
        </>
      }
    />
  );
}
