import { ACCOUNT_TYPES, type Account } from '@siteledger/domain';
import { WalletCards } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectFilter } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/list-page';
import { useListPageData } from '../../components/page/use-list-page-data';
import { AccountFormDialog } from './account-form-dialog';
import { useAccountColumns } from './accounts-columns';
import { useAccounts } from './api';
import { DeleteAccountDialog } from './delete-account-dialog';
import { useCollectionPermissions } from '../../lib/role-rights';

const FILTERS = ['type', 'is_active'] as const;
const NAMES = { ns: 'accounts', one: 'account', many: 'accounts' };

/** /accounts — bank, cash and other accounts with their current balances. */
export function AccountsPage() {
  const { t } = useTranslation();
  const { table, form, deleting } = useListPageData<Account>(
    {
      names: NAMES,
      resource: 'accounts',
      can: useCollectionPermissions('accounts'),
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
      filterBy={[
        selectFilter(
          'type',
          ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`accounts.types.${type}`) })),
          { all: 'allTypes' },
        ),
        selectFilter(
          'is_active',
          [
            { value: 'true', label: t('accounts.active') },
            { value: 'false', label: t('accounts.inactive') },
          ],
          { id: 'active', label: 'status', all: 'allStatuses' },
        ),
      ]}
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
