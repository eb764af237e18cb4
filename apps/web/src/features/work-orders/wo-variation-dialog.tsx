/**
 * "Add variation" (owner): an approved change of one line's quantity on an issued work order,
 * never below what was billed on it (the server's rule; its message shows when refused).
 */
import type { WorkOrder } from '@siteledger/domain';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { DateField, dateSchema, todayIso } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { QuantityField, quantitySchema } from '../../components/ui/quantity-field';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form';
import { formatQuantity } from '../../lib/quantity-format';
import { useAddVariation } from './api';

const schema = z.object({
  work_order_line: z.string().min(1, 'workOrders.variation.lineRequired'),
  quantity: quantitySchema(),
  reason: z
    .string()
    .trim()
    .min(1, 'workOrders.variation.reasonRequired')
    .max(300, 'validation.tooLong'),
  variation_date: dateSchema() as z.ZodType<string, string>,
});
type Values = z.output<typeof schema>;
interface Input {
  work_order_line: string;
  quantity: number | undefined;
  reason: string;
  variation_date: string;
}
const FIELDS = ['work_order_line', 'quantity', 'reason', 'variation_date'] as const;

export function WoVariationDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  order: WorkOrder;
}) {
  return props.open ? <VariationForm {...props} /> : null;
}

function VariationForm({
  open,
  onOpenChange,
  order,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  order: WorkOrder;
}) {
  const { t } = useTranslation();
  const add = useAddVariation();
  const { form, guard, closeSaved, fieldProps } = useDialogForm({
    schema: schema as unknown as z.ZodType<Values, Input>,
    defaultValues: {
      work_order_line: '',
      quantity: undefined,
      reason: '',
      variation_date: todayIso(),
    },
    open,
    onOpenChange,
    draft: null,
    texts: 'workOrders.variation.fields',
  });
  const lineId = useWatch({ control: form.control, name: 'work_order_line' });
  const line = order.lines.find((candidate) => candidate.id === lineId);
  const onSubmit = form.handleSubmit((values) => {
    add.mutate(
      { id: order.id, body: values },
      {
        onSuccess: () => closeSaved(t('workOrders.variation.saved')),
        onError: (error) => applyServerFieldErrors(error, FIELDS, form.setError),
      },
    );
  });
  const fieldErrors = FIELDS.some((name) => form.formState.errors[name]?.type === 'server');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('workOrders.variation.title')}
      description={t('workOrders.variation.description')}
      onSubmit={onSubmit}
      submitLabel={t('workOrders.actions.variation')}
      busy={add.isPending}
      error={add.isError && !fieldErrors ? errorMessage(add.error, t) : null}
      guard={guard}
      testId="wo-variation-form"
    >
      <SelectField
        placeholder={t('kit.select.choose')}
        options={order.lines.map((candidate) => ({
          value: candidate.id,
          label: candidate.description,
        }))}
        data-testid="wo-variation-line"
        {...fieldProps('work_order_line')}
      />
      <QuantityField
        unit={line?.unit}
        data-testid="wo-variation-quantity"
        {...fieldProps('quantity', { decimal: true })}
        hint={
          line
            ? t('workOrders.variation.now', {
                ordered: formatQuantity(line.quantity, line.unit),
                billed: formatQuantity(line.billed_quantity, line.unit),
              })
            : undefined
        }
      />
      <TextField autoComplete="off" data-testid="wo-variation-reason" {...fieldProps('reason')} />
      <DateField data-testid="wo-variation-date" {...fieldProps('variation_date')} />
    </FormDialog>
  );
}
