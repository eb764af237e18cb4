/**
 * "Budget line" on a purchase-order or work-order line (issue 45): optional, the site's budget
 * lines to choose from, and under it what the chosen line has left once this line's amount (as
 * typed) is taken — red when the order would take it past its budget. Sites without a budget
 * see nothing.
 *
 *   <BudgetLineField name={`lines.${index}.budget_line`} amountPaise={total} testId="po-line-0" />
 */
import { toPaise } from '@siteledger/domain';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBudgetLines } from '../../data/budgets';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';
import { SelectField } from '../ui/select-field';

/** A site's budget is tens of lines: one page of the API's largest size holds them. */
const ALL_LINES = { page: 1, perPage: 500, sort: 'head,name' } as const;

/** The select gives '' for "none"; the API takes null (an id is checked as one). */
const noneAsNull = (value: unknown) => (value === '' ? null : value);

export function BudgetLineField<T extends FieldValues>({
  name,
  amountPaise,
  testId,
}: {
  name: Path<T>;
  /** This order line's amount so far (paise): what it would commit. */
  amountPaise: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const form = useFormContext<T>();
  const lines = useBudgetLines(ALL_LINES);
  const chosenId: unknown = form.watch(name);
  const items = lines.data?.items ?? [];
  if (items.length === 0) return null;
  const chosen = items.find((line) => line.id === chosenId);
  // A supervisor's lines carry no money (the owner's choice): the picker then names lines only.
  const left =
    chosen && chosen.remaining !== null ? (toPaise(chosen.remaining) - amountPaise) / 100 : null;
  return (
    <div className="mt-3 min-w-0">
      <SelectField
        optional
        label={t('budgets.picker.label')}
        placeholder={t('budgets.picker.none')}
        options={items.map((line) => ({
          value: line.id,
          label: `${t(`budgets.heads.${line.head}`)} · ${line.name}`,
        }))}
        data-testid={`${testId}-budget-line`}
        {...form.register(name, { setValueAs: noneAsNull })}
      />
      {left !== null ? (
        <p
          className={cn('mt-1 text-xs tabular-nums', left < 0 ? 'text-danger' : 'text-fg-muted')}
          data-testid={`${testId}-budget-remaining`}
        >
          {left < 0
            ? t('budgets.picker.over', { amount: formatRupees(-left) })
            : t('budgets.picker.remaining', { amount: formatRupees(left) })}
        </p>
      ) : null}
    </div>
  );
}
