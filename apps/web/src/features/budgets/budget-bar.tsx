/**
 * A line's (or the site's) stacked bar: actual, committed, then what is left of the budget. The
 * figures are in the label for screen readers; the colours repeat the totals' legend.
 */
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';
import { budgetBar } from './budget-view';

export const BAR_COLOURS = {
  actual: 'bg-primary',
  committed: 'bg-amber-400 dark:bg-amber-500',
  remaining: 'bg-surface-muted',
} as const;

export function BudgetBar({
  budget,
  committed,
  actual,
  remaining,
  testId,
}: {
  budget: number;
  committed: number;
  actual: number;
  remaining: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const bar = budgetBar({ budget, committed, actual });
  const label = bar.over
    ? t('budgets.bar.overLabel', { over: formatRupees(-remaining) })
    : t('budgets.bar.label', {
        actual: formatRupees(actual),
        committed: formatRupees(committed),
        remaining: formatRupees(remaining),
        budget: formatRupees(budget),
      });
  return (
    <div
      role="img"
      aria-label={label}
      title={label}
      className={cn(
        'flex h-2.5 w-full overflow-hidden rounded-full',
        bar.over ? 'bg-danger/25 ring-1 ring-danger/60' : BAR_COLOURS.remaining,
      )}
      data-testid={testId}
      data-over={bar.over ? 'true' : undefined}
    >
      <span
        className={cn('h-full', bar.over ? 'bg-danger' : BAR_COLOURS.actual)}
        style={{ width: `${bar.actual}%` }}
      />
      <span
        className={cn('h-full', BAR_COLOURS.committed)}
        style={{ width: `${bar.committed}%` }}
      />
    </div>
  );
}
