/**
 * A material line's quantities: budgeted, ordered, received and consumed, and consumption
 * against what the work done should have used ("113.3 % used"), amber when flagged.
 */
import type { BudgetQuantityView } from '@siteledger/domain';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { formatDecimal } from '../../lib/format';
import { formatQuantity } from '../../lib/quantity-format';

const FIGURES = ['budget', 'ordered', 'received', 'consumed', 'remaining'] as const;

export function BudgetQuantity({ view }: { view: BudgetQuantityView }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2" data-testid="budget-line-quantities">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
        {FIGURES.map((figure) => (
          <div key={figure} className="flex min-w-0 justify-between gap-2 sm:block">
            <dt className="text-fg-muted">{t(`budgets.quantity.${figure}`)}</dt>
            <dd className="font-medium tabular-nums text-fg" data-testid={`budget-qty-${figure}`}>
              {formatQuantity(view[figure])}
            </dd>
          </div>
        ))}
      </dl>
      {view.consumption_percent === null ? (
        <p className="text-xs text-fg-subtle">{t('budgets.quantity.noWork')}</p>
      ) : (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-muted">
          <span
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
              view.flag ? 'bg-warning-soft text-warning-soft-fg' : 'bg-surface-muted text-fg-muted',
            )}
            data-testid="budget-line-consumption"
            data-flag={view.flag ? 'true' : undefined}
          >
            {view.flag ? <AlertTriangle className="size-3.5" aria-hidden="true" /> : null}
            {t('budgets.quantity.percentUsed', {
              percent: formatDecimal(view.consumption_percent),
            })}
          </span>
          <span>{t('budgets.quantity.percentHint')}</span>
        </p>
      )}
    </div>
  );
}
