import type { Account } from '@siteledger/domain';
import { Plus, Scale, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FigureCards } from '../../components/record-detail/figure-card';
import { RecordHeader } from '../../components/record-detail/detail-actions';
import { Pill, PillSubtitle } from '../../components/record-detail/pill';
import { RecordErrorPage } from '../../components/record-detail/record-error-page';
import { useKeptRecord } from '../../components/record-detail/use-kept-record';
import { ActionButtons } from '../../components/record-detail/action-buttons';
import { useAddAction } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { useCollectionPermissions } from '../../lib/role-rights';
import { AccountFormDialog } from './account-form-dialog';
import { AccountTypeLabel, ActiveBadge, Balance } from './account-labels';
import { AccountStatementButton } from './account-statement-dialog';
import { useAccount } from './api';
import { DeleteAccountDialog } from './delete-account-dialog';
import { TransactionsSection } from './transactions-section';
import { RecordHistory } from '../../components/record-history';

/** /accounts/:id — balance, opening balance and the account's transactions. */
export function AccountDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCollectionPermissions('accounts');
  const accountQuery = useAccount(id);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [adding, setAdding] = useState(false);

  const account = useKeptRecord<Account>(accountQuery.data, confirming);
  useAddAction(() => setAdding(true), can.canCreate && Boolean(account?.is_active));
  const back = { to: '/accounts', label: t('accounts.detail.back') };

  if (!account) {
    if (accountQuery.isError) {
      return <RecordErrorPage one="account" ns="accounts" back={back} query={accountQuery} />;
    }
    return (
      <div className="space-y-6" data-testid="page-account-detail">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-9 w-64 max-w-full" />
        <div className="grid grid-cols-2 gap-3 sm:gap-4">
          <Skeleton className="h-28 rounded-2xl" />
          <Skeleton className="h-28 rounded-2xl" />
        </div>
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }

  const bankLine = [account.bank_name, account.account_number].filter(Boolean).join(' · ');

  return (
    <div className="space-y-8" data-testid="page-account-detail">
      <RecordHeader
        one="account"
        name={account.name}
        subtitle={
          <PillSubtitle description={account.description}>
            <Pill>
              <AccountTypeLabel type={account.type} />
            </Pill>
            {bankLine ? <Pill>{bankLine}</Pill> : null}
            <ActiveBadge active={account.is_active} testId="account-detail-active" />
          </PillSubtitle>
        }
        back={back}
        actions={
          <>
            <ActionButtons
              actions={[
                {
                  id: 'add',
                  when: can.canCreate && account.is_active,
                  icon: Plus,
                  label: t('accounts.transactions.add'),
                  onClick: () => setAdding(true),
                  testId: 'transaction-add',
                },
              ]}
            />
            {can.canExport ? <AccountStatementButton account={account} /> : null}
          </>
        }
        can={can}
        onEdit={() => setEditing(true)}
        onDelete={() => setConfirming(true)}
      />

      {!account.is_active ? (
        <p
          className="rounded-xl border border-border bg-surface-muted px-4 py-3 text-sm text-fg-muted"
          data-testid="account-inactive-note"
        >
          {t('accounts.detail.inactiveNote')}
        </p>
      ) : null}

      <FigureCards
        label={t('accounts.detail.figures')}
        className="grid grid-cols-2 gap-3 sm:gap-4"
        cards={[
          {
            label: t('accounts.fields.currentBalance'),
            value: <Balance rupees={account.current_balance} testId="account-detail-balance" />,
            caption: t('accounts.detail.balanceCaption'),
            icon: Wallet,
            tone: 'emerald',
            testId: 'account-figure-balance',
          },
          {
            label: t('accounts.fields.openingBalance'),
            value: <Balance rupees={account.opening_balance} testId="account-detail-opening" />,
            caption: t('accounts.detail.openingCaption'),
            icon: Scale,
            tone: 'blue',
            testId: 'account-figure-opening',
          },
        ]}
      />

      <TransactionsSection
        accountId={account.id}
        accountActive={account.is_active}
        adding={adding}
        onAddingChange={setAdding}
      />

      <AccountFormDialog
        open={editing}
        onOpenChange={(open) => !open && setEditing(false)}
        account={account}
      />
      <DeleteAccountDialog
        account={confirming ? account : null}
        onOpenChange={(open) => !open && setConfirming(false)}
        onDeleted={() => void navigate('/accounts', { replace: true })}
      />
      <RecordHistory entity="accounts" recordId={id} />
    </div>
  );
}
