/**
 * One budget line: its name, figures and stacked bar, the quantity view of a material line and
 * its revisions; owners get edit and delete. Past budget or flagged, the line is marked.
 */
import type { FullBudgetLine } from '@siteledger/domain';
import { AlertTriangle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../components/ui/row-actions';
import { cn } from '../../lib/cn';
import { formatDecimal, formatRupees } from '../../lib/format';
import { formatQuantity } from '../../lib/quantity-format';
import { BudgetBar } from './budget-bar';
import { BudgetQuantity } from './budget-quantity';
import { BudgetRevisions } from './budget-revisions';
import { isFlagged } from './budget-view';

export function BudgetLineRow({
  line,
  onEdit,
  onDelete,
}: {
  line: FullBudgetLine;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const over = line.remaining < 0;
  const flagged = isFlagged(line);
  return (
    <li
      className={cn(
        'min-w-0 space-y-3 px-4 py-4 sm:px-5',
        flagged && 'border-l-4 border-l-warning-soft-fg bg-warning-soft/40',
      )}
      data-testid="budget-line"
      data-flagged={flagged ? 'true' : undefined}
    >
      {/* Phones: name and actions, then basis and amount; wider: the amount beside both. */}
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
        <p className="col-start-1 row-start-1 flex min-w-0 items-center gap-2 pt-1.5 font-medium text-fg">
          <span className="break-words" data-testid="budget-line-name">
            {line.name}
          </span>
          {flagged ? (
            <AlertTriangle
              className="size-4 shrink-0 text-warning-soft-fg"
              aria-label={t('budgets.line.flagged')}
            />
          ) : null}
        </p>
        <div className="col-start-2 row-start-1 sm:col-start-3">
          <RowActions
            onEdit={onEdit}
            onDelete={onDelete}
            editLabel={t('budgets.editNamed', { name: line.name })}
            deleteLabel={t('budgets.deleteNamed', { name: line.name })}
            editTestId="budget-line-edit"
            deleteTestId="budget-line-delete"
          />
        </div>
        <div className="col-start-1 row-start-2 self-end">
          <LineBasis line={line} />
        </div>
        <div className="col-start-2 row-start-2 text-right sm:row-span-2 sm:row-start-1 sm:pt-1">
          <p className="font-semibold tabular-nums text-fg" data-testid="budget-line-amount">
            {formatRupees(line.amount)}
          </p>
          <p
            className={cn(
              'text-xs tabular-nums',
              over ? 'font-medium text-danger' : 'text-fg-muted',
            )}
            data-testid="budget-line-remaining"
          >
            {over
              ? t('budgets.line.over', { amount: formatRupees(-line.remaining) })
              : t('budgets.line.remaining', { amount: formatRupees(line.remaining) })}
          </p>
        </div>
      </div>
      <BudgetBar {...line} budget={line.amount} />
      <LineFigures line={line} />
      {line.quantity_view ? <BudgetQuantity view={line.quantity_view} /> : null}
      <BudgetRevisions revisions={line.revisions} />
    </li>
  );
}

/** How the budget was made (quantity @ rate) and how far the work is. */
function LineBasis({ line }: { line: FullBudgetLine }) {
  const { t } = useTranslation();
  return (
    <p className="flex min-w-0 flex-wrap gap-x-3 text-xs text-fg-muted tabular-nums">
      {line.quantity !== null && line.unit_rate !== null ? (
        <span>
          {t('budgets.line.quantityBudget', {
            quantity: formatQuantity(line.quantity),
            rate: formatRupees(line.unit_rate),
          })}
        </span>
      ) : null}
      {line.percent_complete !== null ? (
        <span>{t('budgets.line.done', { percent: formatDecimal(line.percent_complete) })}</span>
      ) : null}
    </p>
  );
}

/**
 * Committed and actual in words under the bar (the bar alone says nothing to a screen reader),
 * then the forecast at completion, red once it passes the budget.
 */
function LineFigures({ line }: { line: FullBudgetLine }) {
  const { t } = useTranslation();
  const hintId = useId();
  const heading = line.forecast > line.amount;
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted tabular-nums">
      <span data-testid="budget-line-actual">
        {t('budgets.totals.actual')}: <span className="text-fg">{formatRupees(line.actual)}</span>
      </span>
      <span data-testid="budget-line-committed">
        {t('budgets.totals.committed')}:{' '}
        <span className="text-fg">{formatRupees(line.committed)}</span>
      </span>
      <span
        title={t('budgets.forecastHint')}
        aria-describedby={hintId}
        data-testid="budget-line-forecast"
        data-over={heading ? 'true' : undefined}
      >
        {t('budgets.forecast')}:{' '}
        <span className={cn(heading ? 'font-medium text-danger' : 'text-fg')}>
          {formatRupees(line.forecast)}
        </span>
      </span>
      {/* Hidden, yet read as the description: the title alone is not. */}
      <span id={hintId} hidden>
        {t('budgets.forecastHint')}
      </span>
    </p>
  );
}
