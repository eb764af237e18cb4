/**
 * The Spent form's fields, in the order a supervisor fills them on a phone: how much, what for,
 * the head (or a budget line, which names its own head), the date; the imprest when there is a
 * choice; a GST bill's supplier GSTIN and rate when the shop gave one.
 */
import { BUDGET_HEADS, formatInr, toPaise, type Imprest } from '@siteledger/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldProps } from '../../components/form/use-field-props';
import { GstinField } from '../../components/gst/gst-fields';
import { GstRateField } from '../../components/gst/gst-form-fields';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { DateField, todayIso } from '../../components/ui/date-field';
import { MoneyField } from '../../components/ui/money-field';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { useBudgetLines } from '../../data/budgets';
import { fieldError } from '../../lib/form';
import type { PettyExpenseInput, PettyExpenseValues } from './petty-expense-form';

type PettyForm = UseFormReturn<PettyExpenseInput, unknown, PettyExpenseValues>;

const TEXTS = 'petty.fields';

/** "Ramesh · ₹10,000.00": whose imprest, at what level. */
const imprestLabel = (imprest: Imprest, unnamed: string) =>
  `${imprest.holder_name ?? unnamed} · ${formatInr(toPaise(imprest.amount))}`;

export function PettyExpenseFields({
  form,
  imprests,
  lineChosen,
  gstBill,
}: {
  form: PettyForm;
  /** The imprests the person may spend from (a choice only when there are several). */
  imprests: readonly Imprest[];
  lineChosen: boolean;
  gstBill: boolean;
}) {
  const { t } = useTranslation();
  const fieldProps = useFieldProps(form, TEXTS);
  // A site's budget is a few hundred lines at most: one native select, the phone's own picker.
  const lines = useBudgetLines({ perPage: 500 }).data?.items ?? [];
  const headOptions = BUDGET_HEADS.map((head) => ({
    value: head,
    label: t(`budgets.heads.${head}`),
  }));
  const lineOptions = lines.map((line) => ({
    value: line.id,
    label: `${line.name} · ${t(`budgets.heads.${line.head}`)}`,
  }));
  const budgetLine = form.register('budget_line', {
    // The line's own head is the expense's (the server keeps it so): the head follows.
    onChange: (event: { target: { value: string } }) => {
      const line = lines.find((one) => one.id === event.target.value);
      if (line) form.setValue('head', line.head);
    },
  });
  const lineError = fieldError(t, form.formState.errors.budget_line);

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {imprests.length > 1 ? (
        <SelectField
          containerClassName="sm:col-span-2"
          options={imprests.map((one) => ({
            value: one.id,
            label: imprestLabel(one, t('petty.holders.unnamed')),
          }))}
          placeholder={t('kit.select.choose')}
          data-testid="petty-form-imprest"
          {...fieldProps('imprest')}
        />
      ) : null}
      <MoneyField
        inputMode="decimal"
        data-testid="petty-form-amount"
        {...fieldProps('amount', { decimal: true })}
      />
      <DateField
        warnFuture
        max={todayIso()}
        data-testid="petty-form-date"
        {...fieldProps('expense_date', { text: 'date' })}
      />
      <TextField
        containerClassName="sm:col-span-2"
        maxLength={300}
        autoComplete="off"
        data-testid="petty-form-description"
        {...fieldProps('description', { placeholder: true })}
      />
      <SelectField
        options={headOptions}
        hint={lineChosen ? t('petty.fields.headFromLine') : undefined}
        data-testid="petty-form-head"
        {...fieldProps('head')}
      />
      {lineOptions.length > 0 ? (
        <SelectField
          optional
          options={lineOptions}
          placeholder={t('petty.fields.noLine')}
          label={t('petty.fields.budgetLine')}
          error={lineError}
          data-testid="petty-form-line"
          {...budgetLine}
        />
      ) : null}
      <CheckboxField
        className="sm:col-span-2"
        label={t('petty.fields.gstBill')}
        data-testid="petty-form-gst-bill"
        {...form.register('gst_bill')}
      />
      {gstBill ? (
        <>
          <GstinField
            data-testid="petty-form-gstin"
            {...fieldProps('vendor_gstin', { text: 'gstin' })}
            optional={false}
          />
          <GstRateField
            control={form.control}
            name="gst_rate"
            label={t('petty.fields.gstRate')}
            error={fieldError(t, form.formState.errors.gst_rate)}
            data-testid="petty-form-gst-rate"
          />
        </>
      ) : null}
    </div>
  );
}
