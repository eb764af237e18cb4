import { TRANSACTION_TYPES, type TransactionType } from '@siteledger/domain';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) {
      event.preventDefault();
      const next: TransactionType = value === 'credit' ? 'debit' : 'credit';
      onChange(next);
      event.currentTarget.parentElement
        ?.querySelector<HTMLButtonElement>(`[data-value="${next}"]`)
        ?.focus();
    }
  };
  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-fg">{label}</span>
      <div
        role="radiogroup"
        aria-label={label}
        className="grid grid-cols-2 gap-1 rounded-xl bg-surface-muted p-1"
        data-testid="transaction-type"
      >
        {TRANSACTION_TYPES.map((type) => {
          const Icon = icons[type];
          const checked = value === type;
          return (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              data-value={type}
              onClick={() => onChange(type)}
              onKeyDown={onKeyDown}
              className={cn(
                'flex h-11 items-center justify-center gap-2 rounded-lg text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring sm:h-10',
                checked ? 'bg-surface text-fg shadow-card' : 'text-fg-muted hover:text-fg',
              )}
              data-testid={`transaction-type-${type}`}
            >
              <Icon
                className={cn(
                  'size-4',
                  checked && (type === 'credit' ? 'text-success' : 'text-danger'),
                )}
                aria-hidden="true"
              />
              {t(`accounts.transactions.types.${type}`)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
