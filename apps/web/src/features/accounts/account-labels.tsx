import type { AccountType } from '@siteledger/domain';
import { Banknote, CircleEllipsis, CreditCard, Landmark, Smartphone } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { ActiveBadge as SharedActiveBadge } from '../../components/record-detail/dot-pill';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';

const ICONS: Record<AccountType, LucideIcon> = {
  bank: Landmark,
  credit_card: CreditCard,
  cash: Banknote,
  digital_wallet: Smartphone,
  other: CircleEllipsis,
};

const TONES: Record<AccountType, string> = {
  bank: 'bg-blue-500/12 text-blue-600 dark:text-blue-300',
  credit_card: 'bg-violet-500/12 text-violet-600 dark:text-violet-300',
  cash: 'bg-emerald-500/12 text-emerald-600 dark:text-emerald-300',
  digital_wallet: 'bg-teal-500/12 text-teal-600 dark:text-teal-300',
  other: 'bg-surface-muted text-fg-muted',
};

/** A rounded icon tile for the account type. */
export function AccountTypeIcon({ type, className }: { type: AccountType; className?: string }) {
  const Icon = ICONS[type];
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-xl',
        TONES[type],
        className,
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}

/** Icon + translated type label. */
export function AccountTypeLabel({ type }: { type: AccountType }) {
  const { t } = useTranslation();
  const Icon = ICONS[type];
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-fg-muted">
      <Icon className="size-4" aria-hidden="true" />
      {t(`accounts.types.${type}`)}
    </span>
  );
}

/** ₹ amount, red when negative. */
export function Balance({
  rupees,
  className,
  testId,
}: {
  rupees: number;
  className?: string;
  testId?: string;
}) {
  return (
    <span
      className={cn('tabular-nums', rupees < 0 ? 'text-danger' : 'text-fg', className)}
      data-testid={testId}
      data-negative={rupees < 0}
    >
      {formatRupees(rupees)}
    </span>
  );
}

/** Active (green) or inactive (grey) pill. */
export function ActiveBadge(props: { active: boolean; testId?: string }) {
  return <SharedActiveBadge ns="accounts" {...props} />;
}
