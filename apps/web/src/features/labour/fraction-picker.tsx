import { ATTENDANCE_FRACTIONS } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

/** Full day first: the mark made most often is the first thumb's reach. */
const ORDER = [...ATTENDANCE_FRACTIONS].reverse();

/** The short label of a fraction on its button (P ¾ ½ ¼ A; पूरा ¾ ½ ¼ नागा). */
export function fractionKey(fraction: number): string {
  if (fraction === 1) return 'full';
  if (fraction === 0) return 'absent';
  return String(fraction * 4);
}

// The soft tones' text colours as backgrounds: dark enough for light text in the light theme and
// light enough for dark text in the dark one (the plain success green fails contrast with white).
const CHECKED: Record<string, string> = {
  full: 'bg-success-soft-fg text-surface shadow-card',
  absent: 'bg-danger-soft-fg text-surface shadow-card',
};

/**
 * A day's fraction in one tap: Present (full) · ¾ · ½ · ¼ · Absent. Fractions past what other
 * sites left of the day are disabled. Test ids `{testId}-{fraction}` (1, 0.75 … 0).
 */
export function FractionPicker({
  value,
  max,
  disabled,
  onChange,
  label,
  testId,
}: {
  value: number | null;
  max: number;
  disabled: boolean;
  onChange: (fraction: number) => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className="grid min-w-0 flex-1 grid-cols-5 gap-1 rounded-xl bg-surface-muted p-1"
      data-testid={testId}
    >
      {ORDER.map((fraction) => {
        const key = fractionKey(fraction);
        const checked = value === fraction;
        return (
          <button
            key={fraction}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={t(`labour.muster.fractionName.${key}`)}
            disabled={disabled || fraction > max}
            onClick={() => onChange(fraction)}
            className={cn(
              'h-11 min-w-0 rounded-lg px-0.5 text-sm font-semibold transition-colors',
              'focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
              'disabled:cursor-not-allowed disabled:opacity-40',
              checked
                ? (CHECKED[key] ?? 'bg-primary text-primary-fg shadow-card')
                : 'text-fg-muted hover:bg-surface hover:text-fg',
            )}
            data-testid={`${testId}-${fraction}`}
          >
            {t(`labour.muster.fraction.${key}`)}
          </button>
        );
      })}
    </div>
  );
}
