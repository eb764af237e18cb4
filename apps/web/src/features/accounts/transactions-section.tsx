import { TRANSACTION_TYPES, type AccountTransaction } from '@siteledger/domain';
import { ArrowLeftRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirm, useDeleteTarget } from '../../components/list-page/delete-confirm';
import { ListAddButton } from '../../components/list-page/list-add-button';
import { ListEmpty } from '../../components/list-page/list-empty';
import { ListSection } from '../../components/list-page/list-section';
import { FilterSelect } from '../../components/ui/list-toolbar';
import { RowActions } from '../../components/ui/row-actions';
import { formatRupees } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { useCollectionPermissions } from '../../lib/role-rights';
import { useAccountTransactions, useDeleteTransaction } from './api';
import { TransactionFormDialog } from './transaction-form-dialog';
import {
  isLinked,
  LinkedBadge,
  useTransactionColumns,
  useTransactionTitle,
} from './transactions-columns';

const FILTERS = ['type'] as const;
const NAMES = { ns: 'accounts.transactions', one: 'transaction', many: 'transactions' };

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
  const { t } = useTranslation();
  const can = useCollectionPermissions('account_transactions');
  const list = useListParams({ filters: FILTERS });
  const transactions = useAccountTransactions(accountId, list.query);
  const remove = useDeleteTransaction();
  const [editing, setEditing] = useState<AccountTransaction | null>(null);
  const deleting = useDeleteTarget<AccountTransaction>(remove);
  const title = useTransactionTitle();

  // Transactions a payment or refund made are changed there; they carry a badge instead.
  const actions = (tx: AccountTransaction) =>
    isLinked(tx) ? (
      <LinkedBadge tx={tx} />
    ) : (
      <RowActions
        onEdit={can.canUpdate ? () => setEditing(tx) : undefined}
        onDelete={can.canDelete ? () => deleting.ask(tx) : undefined}
        editLabel={t('accounts.transactions.editNamed', { name: title(tx) })}
        deleteLabel={t('accounts.transactions.deleteNamed', { name: title(tx) })}
        editTestId={`transaction-edit-${tx.id}`}
        deleteTestId={`transaction-delete-${tx.id}`}
      />
    );
  const { columns, mobileCard } = useTransactionColumns(actions);

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
      <ListSection
        list={list}
        names={NAMES}
        query={transactions}
        columns={columns}
        mobileCard={mobileCard}
        label={t('accounts.transactions.title')}
        dateRange
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
        empty={
          <ListEmpty
            list={list}
            ns={NAMES.ns}
            icon={<ArrowLeftRight />}
            texts={{ filteredDescription: t('accounts.empty.filteredDescription') }}
            action={
              can.canCreate && accountActive ? (
                <ListAddButton
                  onClick={() => onAddingChange(true)}
                  label={t('accounts.transactions.add')}
                />
              ) : null
            }
          />
        }
      />

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
      <DeleteConfirm
        target={deleting}
        mutation={remove}
        title={t('accounts.transactions.delete.title')}
        description={t('accounts.transactions.delete.description', {
          amount: deleting.target ? formatRupees(deleting.target.amount) : '',
        })}
        toastMessage={() => t('accounts.toast.txDeleted')}
        testId="transaction-delete-dialog"
      />
    </section>
  );
}
