/**
 * The four figures at the top of the Budget page (and the dashboard's card draws the same):
 * budget, committed, actual and remaining, the last in red once the site is past its budget.
 * Given the lines' forecast (the page has it, the report does not), a line under the tiles says
 * where the site is heading, in red above the budget.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';
import { BAR_COLOURS, BudgetBar } from './budget-bar';

export interface BudgetTotalsFigures {
  budget: number;
  committed: number;
  actual: number;
  remaining: number;
  /** Forecast at completion, when known. */
  forecast?: number | undefined;
}

const FIGURES = ['budget', 'committed', 'actual', 'remaining'] as const;
const SWATCH: Partial<Record<(typeof FIGURES)[number], string>> = {
  actual: BAR_COLOURS.actual,
  committed: BAR_COLOURS.committed,
  remaining: 'bg-surface-muted ring-1 ring-border',
};

export function BudgetTotals({
  totals,
  testId = 'budget-totals',
}: {
  totals: BudgetTotalsFigures;
  testId?: string;
}) {
  const { t } = useTranslation();
  const over = totals.remaining < 0;
  const hintId = useId();
  return (
    <div className="space-y-4" data-testid={testId}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {FIGURES.map((figure) => {
          const red = figure === 'remaining' && over;
          const swatch = SWATCH[figure];
          return (
            <div key={figure} className="min-w-0 rounded-xl bg-surface-muted/70 p-3 sm:p-3.5">
              <dt className="flex items-center gap-1.5 text-xs font-medium text-fg-muted">
                {swatch ? (
                  <span className={cn('size-2.5 shrink-0 rounded-full', swatch)} aria-hidden />
                ) : null}
                <span className="truncate">
                  {red ? t('budgets.totals.overBudget') : t(`budgets.totals.${figure}`)}
                </span>
              </dt>
              <dd
                className={cn(
                  'mt-1 break-words text-sm font-semibold tabular-nums min-[400px]:text-base sm:text-lg',
                  red ? 'text-danger' : 'text-fg',
                )}
                data-testid={`${testId}-${figure}`}
              >
                {/* Past the budget the tile reads "Over budget ₹X", not a minus sign. */}
                {formatRupees(red ? -totals.remaining : totals[figure])}
              </dd>
            </div>
          );
        })}
      </dl>
      <BudgetBar {...totals} testId={`${testId}-bar`} />
      {totals.forecast === undefined ? null : (
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-fg-muted">
          <span title={t('budgets.forecastTotalHint')} aria-describedby={hintId}>
            {t('budgets.forecast')}
          </span>
          <span
            className={cn(
              'font-semibold tabular-nums',
              totals.forecast > totals.budget ? 'text-danger' : 'text-fg',
            )}
            data-testid={`${testId}-forecast`}
            data-over={totals.forecast > totals.budget ? 'true' : undefined}
          >
            {formatRupees(totals.forecast)}
          </span>
          <span id={hintId} hidden>
            {t('budgets.forecastTotalHint')}
          </span>
        </p>
      )}
    </div>
  );
}
