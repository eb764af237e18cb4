import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import type { BillingCycle } from '../../lib/subscription-api';

const CYCLES: readonly BillingCycle[] = ['monthly', 'yearly'];

/** Monthly | Yearly as a segmented radio group (arrow keys switch). */
export function CycleToggle({
  value,
  onChange,
}: {
  value: BillingCycle;
  onChange: (value: BillingCycle) => void;
}) {
  const { t } = useTranslation();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
    event.preventDefault();
    const next: BillingCycle = value === 'monthly' ? 'yearly' : 'monthly';
    onChange(next);
    event.currentTarget.parentElement
      ?.querySelector<HTMLButtonElement>(`[data-value="${next}"]`)
      ?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label={t('subscription.plans.cycleLabel')}
      className="grid w-full grid-cols-2 gap-1 rounded-xl bg-surface-muted p-1 sm:w-64"
      data-testid="billing-cycle"
    >
      {CYCLES.map((cycle) => {
        const checked = value === cycle;
        return (
          <button
            key={cycle}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            data-value={cycle}
            onClick={() => onChange(cycle)}
            onKeyDown={onKeyDown}
            className={cn(
              'h-10 rounded-lg text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring sm:h-9',
              checked ? 'bg-surface text-fg shadow-card' : 'text-fg-muted hover:text-fg',
            )}
            data-testid={`billing-cycle-${cycle}`}
          >
            {t(`subscription.cycle.${cycle}`)}
          </button>
        );
      })}
    </div>
  );
}
