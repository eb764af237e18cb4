import { QUOTATION_TYPES, type QuotationType } from '@siteledger/domain';
import { Package, Wrench } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

const icons = { item: Package, service: Wrench } as const;

/** Item | Service as a two-way segmented radio group (arrow keys switch). */
export function TypeToggle({
  value,
  onChange,
  label,
  className,
  testId = 'quotation-type',
}: {
  value: QuotationType;
  onChange: (value: QuotationType) => void;
  label: string;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) {
      event.preventDefault();
      const next: QuotationType = value === 'item' ? 'service' : 'item';
      onChange(next);
      event.currentTarget.parentElement
        ?.querySelector<HTMLButtonElement>(`[data-value="${next}"]`)
        ?.focus();
    }
  };
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn('grid grid-cols-2 gap-1 rounded-xl bg-surface-muted p-1', className)}
      data-testid={testId}
    >
      {QUOTATION_TYPES.map((type) => {
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
              'flex h-10 items-center justify-center gap-2 rounded-lg text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring sm:h-9',
              checked ? 'bg-surface text-fg shadow-card' : 'text-fg-muted hover:text-fg',
            )}
            data-testid={`${testId}-${type}`}
          >
            <Icon className={cn('size-4', checked && 'text-primary')} aria-hidden="true" />
            {t(`quotations.types.${type}`)}
          </button>
        );
      })}
    </div>
  );
}
