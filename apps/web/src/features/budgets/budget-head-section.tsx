/** One cost head of the budget: its name, line count and total, then its lines. */
import type { FullBudgetLine } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';
import { BudgetLineRow } from './budget-line-row';
import type { BudgetGroup } from './budget-view';

export function BudgetHeadSection({
  group,
  onEdit,
  onDelete,
}: {
  group: BudgetGroup;
  onEdit?: ((line: FullBudgetLine) => void) | undefined;
  onDelete?: ((line: FullBudgetLine) => void) | undefined;
}) {
  const { t } = useTranslation();
  const titleId = `budget-head-${group.head}`;
  const over = group.totals.remaining < 0;
  return (
    <section
      aria-labelledby={titleId}
      className="overflow-hidden rounded-2xl border border-border bg-surface shadow-card"
      data-testid={titleId}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-border px-4 py-3 sm:px-5">
        <h2 id={titleId} className="text-base font-semibold text-fg">
          {t(`budgets.heads.${group.head}`)}
        </h2>
        <p className={cn('text-sm tabular-nums', over ? 'text-danger' : 'text-fg-muted')}>
          {t('budgets.line.headTotal', {
            count: group.lines.length,
            budget: formatRupees(group.totals.budget),
          })}
        </p>
      </header>
      <ul className="divide-y divide-border">
        {group.lines.map((line) => (
          <BudgetLineRow
            key={line.id}
            line={line}
            onEdit={onEdit ? () => onEdit(line) : undefined}
            onDelete={onDelete ? () => onDelete(line) : undefined}
          />
        ))}
      </ul>
    </section>
  );
}
