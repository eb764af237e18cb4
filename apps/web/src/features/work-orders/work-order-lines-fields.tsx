/**
 * The BOQ lines of a work order in its form: description, unit, quantity and rate, and the line's
 * amount. One column on phones, four from 640 px. A line already billed keeps its place.
 */
import { formatInr } from '@siteledger/domain';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldProps } from '../../components/form/use-field-props';
import { LinesEditor } from '../../components/lines/lines-editor';
import { BudgetLineField } from '../../components/record-fields/budget-line-field';
import { MoneyField } from '../../components/ui/money-field';
import { QuantityField } from '../../components/ui/quantity-field';
import { TextField } from '../../components/ui/text-field';
import { emptyWoLine, woLinePaise, type WoFormInput } from './work-order-form';

export function WorkOrderLinesFields() {
  const { t } = useTranslation();
  const form = useFormContext<WoFormInput>();
  const fieldProps = useFieldProps(form, 'workOrders.fields');
  const lines = useWatch({ control: form.control, name: 'lines' });

  return (
    <LinesEditor<WoFormInput, 'lines'>
      name="lines"
      newLine={emptyWoLine}
      keys="workOrders.form"
      heading={{ id: 'wo-lines-heading', text: t('workOrders.form.linesTitle') }}
      testId="wo"
    >
      {(index) => {
        const line = lines?.[index];
        return (
          <>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
              <TextField
                autoComplete="off"
                data-testid={`wo-line-${index}-description`}
                {...fieldProps(`lines.${index}.description`, { placeholder: true })}
              />
              <TextField
                autoComplete="off"
                data-testid={`wo-line-${index}-unit`}
                {...fieldProps(`lines.${index}.unit`, { placeholder: true })}
              />
            </div>
            <div className="mt-3 grid grid-cols-2 gap-3">
              <QuantityField
                unit={line?.unit || undefined}
                data-testid={`wo-line-${index}-quantity`}
                {...fieldProps(`lines.${index}.quantity`, { decimal: true })}
              />
              <MoneyField
                data-testid={`wo-line-${index}-rate`}
                {...fieldProps(`lines.${index}.rate`, { decimal: true })}
              />
            </div>
            <p className="mt-2 text-right text-sm text-fg-muted">
              {t('workOrders.fields.amount')}{' '}
              <span
                className="font-semibold tabular-nums text-fg"
                data-testid={`wo-line-${index}-amount`}
              >
                {formatInr(woLinePaise(line?.quantity, line?.rate))}
              </span>
            </p>
            <BudgetLineField<WoFormInput>
              name={`lines.${index}.budget_line`}
              amountPaise={woLinePaise(line?.quantity, line?.rate)}
              testId={`wo-line-${index}`}
            />
          </>
        );
      }}
    </LinesEditor>
  );
}
