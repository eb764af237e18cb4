/**
 * The Budget page as a supervisor reads it (issue 45): the lines to book orders against, by cost
 * head, and — when the owner shares them — their quantities and what is left to order. The
 * server sends no money to a supervisor; this only draws what came.
 */
import { BUDGET_HEADS, type BudgetLine } from '@siteledger/domain';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BudgetQuantity } from './budget-quantity';

export function BudgetSupervisorView({ lines }: { lines: readonly BudgetLine[] }) {
  const { t } = useTranslation();
  const quantities = lines.some((line) => line.view === 'quantities');
  const heads = BUDGET_HEADS.filter((head) => lines.some((line) => line.head === head));
  return (
    <div className="space-y-6" data-testid="budget-supervisor-view">
      <p
        className="flex items-start gap-2 rounded-xl border border-border bg-surface-muted p-3 text-sm text-fg-muted"
        data-testid="budget-supervisor-note"
      >
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t(quantities ? 'budgets.supervisor.quantities' : 'budgets.supervisor.names')}
      </p>
      {heads.map((head) => (
        <section
          key={head}
          aria-label={t(`budgets.heads.${head}`)}
          className="rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-6"
        >
          <h2 className="mb-3 text-base font-semibold text-fg">{t(`budgets.heads.${head}`)}</h2>
          <ul className="divide-y divide-border" aria-label={t('budgets.supervisor.listLabel')}>
            {lines
              .filter((line) => line.head === head)
              .map((line) => (
                <li key={line.id} className="py-3" data-testid="budget-supervisor-line">
                  <p className="mb-2 font-medium text-fg [overflow-wrap:anywhere]">{line.name}</p>
                  {line.quantity_view ? <BudgetQuantity view={line.quantity_view} /> : null}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
