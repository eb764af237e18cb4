import { formatInr, TDS_SECTION_CODES, type WorkOrder } from '@siteledger/domain';
import { Controller, FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldProps } from '../../components/form/use-field-props';
import { GstRateSelect } from '../../components/gst/gst-fields';
import { NotesField } from '../../components/record-fields/notes-field';
import { VendorField } from '../../components/record-fields/vendor-field';
import { DateField } from '../../components/ui/date-field';
import { MoneyField } from '../../components/ui/money-field';
import {
  freshFormKey,
  RecordFormDialog,
  type RecordFormProps,
} from '../../components/ui/record-form-dialog';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { useRecordForm } from '../../components/ui/use-record-form';
import { fieldError } from '../../lib/form';
import { useCreateWorkOrder, useUpdateWorkOrder } from './api';
import {
  WO_FIELDS,
  woBody,
  woDefaults,
  woFormSchema,
  woTotalPaise,
  type WoFormValues,
} from './work-order-form';
import { WorkOrderLinesFields } from './work-order-lines-fields';

/** Add (no `order`) or edit a draft work order. The form starts fresh each time it opens. */
export function WorkOrderFormDialog({
  order,
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  order?: WorkOrder | null;
  onSaved?: (order: WorkOrder) => void;
}) {
  return <WorkOrderForm key={freshFormKey(props.open, order)} record={order ?? null} {...props} />;
}

function WorkOrderForm({ open, onOpenChange, record: order, onSaved }: RecordFormProps<WorkOrder>) {
  const { t } = useTranslation();
  const { form, dialog } = useRecordForm({
    schema: woFormSchema,
    defaultValues: woDefaults(order),
    body: (values: WoFormValues) => woBody(values),
    open,
    onOpenChange,
    record: order,
    draft: 'work-order',
    create: useCreateWorkOrder(),
    update: useUpdateWorkOrder(),
    fields: WO_FIELDS,
    toasts: { created: 'workOrders.toast.created', updated: 'workOrders.toast.updated' },
    onSaved,
    texts: 'workOrders.form',
  });
  const { control } = form;
  const lines = useWatch({ control, name: 'lines' });
  const fieldProps = useFieldProps(form, 'workOrders.fields');

  return (
    <RecordFormDialog
      {...dialog}
      description={
        order ? (order.number ?? t('workOrders.draft')) : t('workOrders.form.addSubtitle')
      }
      size="xl"
      footerStart={
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-fg-muted">{t('workOrders.fields.total')}</span>
          <span className="text-lg font-semibold tabular-nums text-fg" data-testid="wo-form-total">
            {formatInr(woTotalPaise(lines))}
          </span>
        </p>
      }
      testId="wo-form"
    >
      <VendorField control={control} label={t('workOrders.fields.vendor')} testId="wo-vendor" />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField
          autoComplete="off"
          data-testid="wo-title"
          {...fieldProps('title', { placeholder: true })}
        />
        <DateField data-testid="wo-order-date" {...fieldProps('order_date')} />
      </div>
      <FormProvider {...form}>
        <WorkOrderLinesFields />
      </FormProvider>
      <fieldset className="space-y-4" data-testid="wo-terms-fields">
        <legend className="text-sm font-semibold text-fg">{t('workOrders.form.termsTitle')}</legend>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            inputMode="decimal"
            autoComplete="off"
            data-testid="wo-retention-percent"
            {...fieldProps('retention_percent', { decimal: true, hint: true })}
          />
          <TextField
            inputMode="numeric"
            autoComplete="off"
            data-testid="wo-retention-days"
            {...fieldProps('retention_due_days', { decimal: true })}
          />
          <MoneyField
            data-testid="wo-advance-amount"
            {...fieldProps('advance_amount', { decimal: true })}
          />
          <TextField
            inputMode="decimal"
            autoComplete="off"
            data-testid="wo-recovery-percent"
            {...fieldProps('advance_recovery_percent', { decimal: true, hint: true })}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Controller
            control={control}
            name="gst_rate"
            render={({ field, fieldState }) => (
              <GstRateSelect
                ref={field.ref}
                name={field.name}
                label={t('workOrders.fields.gstRate')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldError(t, fieldState.error)}
                data-testid="wo-gst-rate"
              />
            )}
          />
          <SelectField
            data-testid="wo-tds-section"
            options={[
              { value: '', label: t('workOrders.form.tdsVendorDefault') },
              { value: 'none', label: t('workOrders.form.tdsNone') },
              ...TDS_SECTION_CODES.map((code) => ({ value: code, label: `§ ${code}` })),
            ]}
            {...fieldProps('tds_section')}
          />
        </div>
      </fieldset>
      <NotesField
        form={form}
        name="terms"
        label={t('workOrders.fields.terms')}
        rows={3}
        data-testid="wo-terms"
      />
      <NotesField
        form={form}
        label={t('workOrders.fields.notes')}
        rows={2}
        data-testid="wo-notes"
      />
    </RecordFormDialog>
  );
}
