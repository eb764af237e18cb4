/**
 * "Merge accounts" (issue 47): one group of the business's duplicate money accounts (the same
 * HDFC account entered on several sites) becomes its first account. The dialog first asks the
 * server what would happen — the kept account, the ones merged with their sites, the balances
 * after the merge (the sums) and how many records move; "Merge" then does it (the shell is
 * merge-confirm-dialog.tsx, shared with the vendor merge).
 */
import type { AccountDuplicates, AccountMergeResult, Business } from '@siteledger/domain';
import { Landmark, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_RECORDS,
  useAccountMergePreview,
  useMergeAccounts,
  type AccountMergeChoice,
} from '../../data/businesses';
import { formatRupees } from '../../lib/format';
import { MergeConfirmDialog, MergeConfirmForm, type Refusals } from './merge-confirm-dialog';
import { Section } from './merge-preview';

export type AccountGroup = AccountDuplicates['groups'][number];
type GroupAccount = AccountGroup['accounts'][number];

function AccountLine({ name, account }: { name: string; account: GroupAccount | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="break-words font-medium text-fg">{name}</p>
      {account?.account_number ? (
        <p className="break-all font-mono text-xs text-fg-muted">{account.account_number}</p>
      ) : null}
      {account ? (
        <>
          <p className="text-xs text-fg-muted">
            {t('business.accountMerge.onSite', { site: account.site_name })}
          </p>
          <p className="text-xs tabular-nums text-fg-muted">
            {t('business.accountMerge.balanceNow', {
              amount: formatRupees(account.current_balance),
            })}
          </p>
        </>
      ) : null}
    </>
  );
}

/** The balances after the merge: the sums of the accounts' (account merges only). */
function Balances({ result }: { result: AccountMergeResult }) {
  const { t } = useTranslation();
  return (
    <Section
      icon={<Wallet aria-hidden="true" />}
      title={t('business.accountMerge.balancesTitle')}
      testId="account-merge-balances"
    >
      <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1.5 rounded-xl bg-surface-muted/70 px-3.5 py-3 text-sm">
        <dt className="text-fg-muted">{t('business.accountMerge.opening')}</dt>
        <dd
          className="text-right font-medium tabular-nums text-fg"
          data-testid="account-merge-opening"
        >
          {formatRupees(result.opening_balance)}
        </dd>
        <dt className="text-fg-muted">{t('business.accountMerge.current')}</dt>
        <dd
          className="text-right font-semibold tabular-nums text-fg"
          data-testid="account-merge-current"
        >
          {formatRupees(result.current_balance)}
        </dd>
      </dl>
      <p className="text-xs text-fg-muted">{t('business.accountMerge.sums')}</p>
    </Section>
  );
}

/** A bank account and a cash box are never one: the refusal said plainly. */
const REFUSALS: Refusals = {
  field: 'accounts',
  messages: {
    type_mismatch: 'business.accountMerge.typeMismatch',
    invalid_reference: 'business.accountMerge.invalidReference',
  },
};

function AccountMergeForm({
  business,
  group,
  onDone,
}: {
  business: Business;
  group: AccountGroup;
  onDone: () => void;
}) {
  const [keep, ...others] = group.accounts;
  const choice: AccountMergeChoice = {
    business: business.id,
    keep: keep?.id ?? '',
    accounts: others.map((account) => account.id),
  };
  const preview = useAccountMergePreview(choice, Boolean(keep) && others.length > 0);
  const merge = useMergeAccounts();
  const byId = new Map(group.accounts.map((account) => [account.id, account]));
  return (
    <MergeConfirmForm
      testId="account-merge"
      keys="business.accountMerge"
      tables={ACCOUNT_RECORDS}
      preview={preview}
      merge={merge}
      variables={{ ...choice, sites: business.sites.map((site) => site.id) }}
      refusals={REFUSALS}
      mergedIcon={<Landmark aria-hidden="true" />}
      renderParty={(account) => <AccountLine name={account.name} account={byId.get(account.id)} />}
      afterMerged={(result) => <Balances result={result} />}
      onDone={onDone}
    />
  );
}

export function AccountMergeDialog({
  business,
  group,
  onOpenChange,
}: {
  business: Business;
  /** The group to merge; null: closed. */
  group: AccountGroup | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <MergeConfirmDialog
      testId="account-merge"
      keys="business.accountMerge"
      group={group}
      onOpenChange={onOpenChange}
    >
      {(open, onDone) => <AccountMergeForm business={business} group={open} onDone={onDone} />}
    </MergeConfirmDialog>
  );
}
