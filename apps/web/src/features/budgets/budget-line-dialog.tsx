/**
 * Add or edit a budget line (owners): cost head, name, an optional item, quantity and unit rate
 * (the amount follows from them, as on the server) or an amount alone, the work done and notes.
 * When an edit moves the budget the dialog asks why; the server keeps it as a revision.
 */
import { BUDGET_HEADS, type FullBudgetLine } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { ItemPickerField } from '../../components/pickers/item-picker-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { MoneyField } from '../../components/ui/money-field';
import { QuantityField } from '../../components/ui/quantity-field';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField, TextField } from '../../components/ui/text-field';
import { useCreateBudgetLine, useUpdateBudgetLine } from '../../data/budgets';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors, fieldError } from '../../lib/form';
import { formatRupees } from '../../lib/format';
import {
  BUDGET_LINE_FIELDS,
  budgetLineBody,
  budgetLineDefaults,
  budgetLineSchema,
  budgetLineUpdateBody,
} from './budget-line-form';
import { lineAmount } from './budget-view';

export function BudgetLineDialog({
  open,
  onOpenChange,
  line,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  line: FullBudgetLine | null;
}) {
  // Mounted only while open, so each opening starts from the line as it is now.
  return open ? <BudgetLineForm onOpenChange={onOpenChange} line={line} /> : null;
}

function BudgetLineForm({
  onOpenChange,
  line,
}: {
  onOpenChange: (open: boolean) => void;
  line: FullBudgetLine | null;
}) {
  const { t } = useTranslation();
  const create = useCreateBudgetLine();
  const update = useUpdateBudgetLine();
  const save = line ? update : create;
  const { form, guard, closeSaved, fieldProps } = useDialogForm({
    schema: budgetLineSchema,
    defaultValues: budgetLineDefaults(line),
    open: true,
    onOpenChange,
    draft: line ? null : 'budget-line',
    texts: 'budgets.fields',
  });
  const { handleSubmit, setError, formState, watch, control } = form;
  const [quantity, unitRate, typed] = watch(['quantity', 'unit_rate', 'amount']);
  const computed =
    quantity != null && unitRate != null ? lineAmount(quantity, unitRate, typed) : null;
  const amount = lineAmount(quantity, unitRate, typed);
  const budgetMoves = line !== null && amount !== null && amount !== line.amount;

  const onError = (error: unknown) => applyServerFieldErrors(error, BUDGET_LINE_FIELDS, setError);
  const onSubmit = handleSubmit((values) => {
    if (line) {
      update.mutate(
        { id: line.id, data: budgetLineUpdateBody(values) },
        { onSuccess: () => closeSaved(t('budgets.toast.updated')), onError },
      );
    } else {
      create.mutate(budgetLineBody(values), {
        onSuccess: () => closeSaved(t('budgets.toast.created')),
        onError,
      });
    }
  });
  const fieldErrors = BUDGET_LINE_FIELDS.some((name) => formState.errors[name]?.type === 'server');

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t(line ? 'budgets.form.editTitle' : 'budgets.form.addTitle')}
      description={t('budgets.form.description')}
      onSubmit={onSubmit}
      submitLabel={t('budgets.form.save')}
      busy={save.isPending}
      error={save.isError && !fieldErrors ? errorMessage(save.error, t) : null}
      guard={guard}
      testId="budget-line-form"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          options={BUDGET_HEADS.map((head) => ({ value: head, label: t(`budgets.heads.${head}`) }))}
          data-testid="budget-form-head"
          {...fieldProps('head')}
        />
        <TextField data-testid="budget-form-name" {...fieldProps('name', { placeholder: true })} />
      </div>
      <ItemPickerField
        control={control}
        name="item"
        label={t('budgets.fields.item')}
        hint={t('budgets.fields.itemHint')}
        optional
        placeholder={t('budgets.form.chooseItem')}
        searchPlaceholder={t('budgets.form.searchItems')}
        emptyText={t('budgets.form.noItems')}
        noMatchText={t('kit.picker.noMatch')}
        error={fieldError(t, formState.errors.item)}
        testId="budget-form-item"
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <QuantityField
          optional
          data-testid="budget-form-quantity"
          {...fieldProps('quantity', { decimal: true })}
        />
        <MoneyField
          optional
          data-testid="budget-form-rate"
          {...fieldProps('unit_rate', { decimal: true })}
        />
      </div>
      {computed !== null ? (
        <p className="text-sm font-medium text-fg" data-testid="budget-form-computed">
          {t('budgets.form.amountComputed', { amount: formatRupees(computed) })}
        </p>
      ) : (
        <MoneyField
          data-testid="budget-form-amount"
          {...fieldProps('amount', { decimal: true, hint: true })}
        />
      )}
      <TextField
        inputMode="decimal"
        optional
        data-testid="budget-form-percent"
        {...fieldProps('percent_complete', { decimal: true, hint: true })}
      />
      <TextAreaField optional rows={2} data-testid="budget-form-notes" {...fieldProps('notes')} />
      {budgetMoves ? (
        <TextField
          data-testid="budget-form-reason"
          {...fieldProps('reason', { placeholder: true })}
        />
      ) : null}
    </FormDialog>
  );
}
