import { TRANSACTION_TYPES, type TransactionType } from '@siteledger/domain';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SegmentedToggle } from '../../components/ui/segmented-toggle';
import { cn } from '../../lib/cn';

const icons = { credit: ArrowDownLeft, debit: ArrowUpRight } as const;

/** Money in | money out, a two-way segmented radio group (arrow keys switch). */
export function DirectionToggle({
  value,
  onChange,
  label,
}: {
  value: TransactionType;
  onChange: (value: TransactionType) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-fg">{label}</span>
      <SegmentedToggle
        value={value}
        onChange={onChange}
        label={label}
        buttonClassName="h-11 sm:h-10"
        testId="transaction-type"
        segments={TRANSACTION_TYPES.map((type) => {
          const Icon = icons[type];
          const tone = type === 'credit' ? 'text-success' : 'text-danger';
          return {
            value: type,
            label: t(`accounts.transactions.types.${type}`),
            icon: (checked: boolean) => (
              <Icon className={cn('size-4', checked && tone)} aria-hidden="true" />
            ),
          };
        })}
      />
    </div>
  );
}
