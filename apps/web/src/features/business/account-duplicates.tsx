/**
 * Settings → Business → "Duplicate accounts" (issue 47): the business's money accounts that look
 * like one (one type, the same account number — or the same name where either has none) across
 * its sites, each group with the way to merge it into its first account (account-merge-dialog).
 * The section itself is duplicates-section.tsx, shared with the duplicate vendors.
 */
import type { Business } from '@siteledger/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { useAccountDuplicates } from '../../data/businesses';
import { formatRupees } from '../../lib/format';
import { AccountMergeDialog, type AccountGroup } from './account-merge-dialog';
import { DuplicatesSection } from './duplicates-section';

const TYPES = ['bank', 'cash', 'credit_card', 'digital_wallet', 'other'] as const;

/** "Bank", "Cash", … in the user's language (a type the app does not know reads as "Other"). */
function typeLabel(t: TFunction, type: string): string {
  const known = (TYPES as readonly string[]).includes(type) ? type : 'other';
  return t(`business.accountDuplicates.types.${known}`);
}

function GroupAccounts({ group }: { group: AccountGroup }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 flex-1 space-y-1.5">
      <p className="flex flex-wrap items-center gap-2 break-words font-medium text-fg">
        <span className="min-w-0 break-words">{group.name}</span>
        <Badge tone="info">{typeLabel(t, group.type)}</Badge>
      </p>
      <ul className="space-y-1.5 text-xs text-fg-muted">
        {group.accounts.map((account) => (
          <li
            key={account.id}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3"
            data-testid={`business-account-duplicate-${account.id}`}
          >
            <span className="min-w-0 break-words">
              {t('business.accountDuplicates.accountOnSite', {
                name: account.name,
                site: account.site_name,
              })}
              {account.account_number ? (
                <span className="block font-mono">
                  <span className="sr-only">{t('business.accountDuplicates.number')} </span>
                  {account.account_number}
                </span>
              ) : null}
            </span>
            <span className="whitespace-nowrap text-right font-medium tabular-nums text-fg">
              <span className="sr-only">{t('business.accountDuplicates.balance')} </span>
              {formatRupees(account.current_balance)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function AccountDuplicatesSection({ business }: { business: Business }) {
  const duplicates = useAccountDuplicates(business.id);
  return (
    <DuplicatesSection
      testId="business-account-duplicate"
      keys="business.accountDuplicates"
      duplicates={duplicates}
      ids={(group) => group.accounts.map((account) => account.id)}
      renderGroup={(group) => <GroupAccounts group={group} />}
      renderDialog={(chosen, onOpenChange) => (
        <AccountMergeDialog business={business} group={chosen} onOpenChange={onOpenChange} />
      )}
    />
  );
}
