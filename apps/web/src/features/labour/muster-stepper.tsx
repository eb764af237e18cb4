import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

/**
 * A number changed by taps, not typing (gloves, sun on the screen): − value +. Used for overtime
 * (quarter hours) and a gang's headcount. Test ids `{testId}-minus`, `{testId}-plus`,
 * `{testId}-value`.
 */
export function MusterStepper({
  label,
  value,
  display,
  min,
  max,
  onStep,
  disabled = false,
  testId,
}: {
  label: string;
  value: number;
  /** The value as shown ("1.5 h", "12"). */
  display: string;
  min: number;
  max: number;
  onStep: (direction: 1 | -1) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const button =
    'flex size-10 shrink-0 items-center justify-center rounded-lg border border-border bg-surface text-fg transition-colors hover:bg-surface-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div className="flex min-w-0 items-center justify-between gap-2" data-testid={testId}>
      <span className="min-w-0 truncate text-sm text-fg-muted">{label}</span>
      <div className="flex shrink-0 items-center gap-1.5" role="group" aria-label={label}>
        <button
          type="button"
          className={button}
          disabled={disabled || value <= min}
          onClick={() => onStep(-1)}
          aria-label={t('labour.muster.less', { what: label })}
          data-testid={`${testId}-minus`}
        >
          <Minus className="size-4" aria-hidden="true" />
        </button>
        <output
          className={cn('min-w-14 text-center text-sm font-semibold tabular-nums text-fg')}
          aria-live="polite"
          data-testid={`${testId}-value`}
        >
          {display}
        </output>
        <button
          type="button"
          className={button}
          disabled={disabled || value >= max}
          onClick={() => onStep(1)}
          aria-label={t('labour.muster.more', { what: label })}
          data-testid={`${testId}-plus`}
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
