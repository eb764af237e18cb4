import { NotesField } from '../../components/record-fields/notes-field';
import {
  QUOTATION_STATUSES,
  QUOTATION_TYPES,
  zQuotationFields,
  type Quotation,
  type QuotationCreate,
  type QuotationType,
} from '@siteledger/domain';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFieldProps } from '../../components/form/use-field-props';
import { EntityPicker } from '../../components/pickers/entity-picker';
import { DateField, dateSchema } from '../../components/ui/date-field';
import { MoneyField, moneySchema } from '../../components/ui/money-field';
import { QuantityField, quantitySchema } from '../../components/ui/quantity-field';
import { freshFormKey, RecordFormDialog } from '../../components/ui/record-form-dialog';
import { useRecordForm } from '../../components/ui/use-record-form';
import { SelectField } from '../../components/ui/select-field';
import { statusOptions } from '../../components/ui/status-badge';
import { fieldError } from '../../lib/form';
import { formText } from '../../lib/form-schema';
import { useCreateQuotation, useUpdateQuotation } from './api';
import {
  quotationTargetOption,
  quotationVendorOption,
  useQuotationTarget,
} from './quotation-choices';
import { TypeToggle } from './type-toggle';

const quotationFormSchema = z
  .object({
    vendor: z.string().min(1, 'quotations.validation.vendorRequired'),
    quotation_type: z.enum(QUOTATION_TYPES),
    item: z.string(),
    service: z.string(),
    unit_price: moneySchema({ positive: true }),
    minimum_quantity: quantitySchema().optional(),
    valid_until: dateSchema({ optional: true }),
    status: z.enum(QUOTATION_STATUSES),
    notes: formText(zQuotationFields.shape.notes),
  })
  // Checked even while other fields are invalid, so every missing choice shows at once.
  .refine((value) => value.quotation_type !== 'item' || Boolean(value.item), {
    path: ['item'],
    message: 'quotations.validation.item',
    when: () => true,
  })
  .refine((value) => value.quotation_type !== 'service' || Boolean(value.service), {
    path: ['service'],
    message: 'quotations.validation.service',
    when: () => true,
  });
type QuotationFormInput = z.input<typeof quotationFormSchema>;
type QuotationFormValues = z.output<typeof quotationFormSchema>;

const FIELDS = [
  'vendor',
  'quotation_type',
  'item',
  'service',
  'unit_price',
  'minimum_quantity',
  'valid_until',
  'status',
  'notes',
] as const;

/** What a new quotation starts with (e.g. the item being compared). */
export interface QuotationDefaults {
  quotation_type?: QuotationType;
  item?: string;
  service?: string;
  vendor?: string;
}

export interface QuotationFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  quotation?: Quotation | null;
  defaults?: QuotationDefaults;
}

/** Add (no `quotation`) or edit a quotation. The form starts fresh each time the dialog opens. */
export function QuotationFormDialog({ quotation, ...props }: QuotationFormDialogProps) {
  return (
    <QuotationForm
      key={freshFormKey(props.open, quotation)}
      quotation={quotation ?? null}
      {...props}
    />
  );
}

function QuotationForm({
  open,
  onOpenChange,
  quotation,
  defaults = {},
}: QuotationFormDialogProps & { quotation: Quotation | null }) {
  const { t } = useTranslation();
  const { form, dialog } = useRecordForm({
    schema: quotationFormSchema,
    defaultValues: {
      vendor: quotation?.vendor ?? defaults.vendor ?? '',
      quotation_type: quotation?.quotation_type ?? defaults.quotation_type ?? 'item',
      item: quotation?.item ?? defaults.item ?? '',
      service: quotation?.service ?? defaults.service ?? '',
      unit_price: quotation?.unit_price,
      minimum_quantity: quotation?.minimum_quantity ?? undefined,
      valid_until: quotation?.valid_until ?? '',
      status: quotation?.status ?? 'pending',
      notes: quotation?.notes ?? '',
    },
    body: quotationBody,
    open,
    onOpenChange,
    record: quotation,
    draft: 'quotation',
    create: useCreateQuotation(),
    update: useUpdateQuotation(),
    fields: FIELDS,
    toasts: { created: 'quotations.toast.created', updated: 'quotations.toast.updated' },
    texts: 'quotations.form',
  });
  return (
    <RecordFormDialog
      {...dialog}
      description={quotation ? undefined : t('quotations.form.addSubtitle')}
      size="lg"
      testId="quotation-form"
    >
      <QuotationFields form={form} />
    </RecordFormDialog>
  );
}

/** What the POST or PATCH sends: only the chosen target, empty optional fields as none. */
function quotationBody(values: QuotationFormValues): QuotationCreate {
  return {
    vendor: values.vendor,
    quotation_type: values.quotation_type,
    item: values.quotation_type === 'item' ? values.item : null,
    service: values.quotation_type === 'service' ? values.service : null,
    unit_price: values.unit_price,
    minimum_quantity: values.minimum_quantity ?? null,
    valid_until: values.valid_until ?? null,
    status: values.status,
    notes: values.notes || null,
  };
}

function QuotationFields({
  form,
}: {
  form: UseFormReturn<QuotationFormInput, unknown, QuotationFormValues>;
}) {
  const { t } = useTranslation();
  const {
    control,
    formState: { errors },
  } = form;
  const fieldProps = useFieldProps(form, 'quotations.fields');
  const type = useWatch({ control, name: 'quotation_type' });
  const target = useWatch({ control, name: type === 'item' ? 'item' : 'service' });
  const { unit } = useQuotationTarget(type, target);
  const targetField = type === 'item' ? 'item' : 'service';
  return (
    <>
      <Controller
        control={control}
        name="quotation_type"
        render={({ field }) => (
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-fg">{t('quotations.fields.quoteFor')}</p>
            <TypeToggle
              value={field.value}
              onChange={field.onChange}
              label={t('quotations.fields.quoteFor')}
              className="sm:max-w-xs"
              testId="quotation-type"
            />
          </div>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="vendor"
          render={({ field }) => (
            <EntityPicker
              entity="vendors"
              toOption={quotationVendorOption}
              look="select"
              label={t('quotations.fields.vendor')}
              value={field.value}
              onChange={field.onChange}
              placeholder={t('quotations.picker.chooseVendor')}
              searchPlaceholder={t('quotations.picker.searchVendors')}
              emptyText={t('quotations.picker.noVendors')}
              noMatchText={t('quotations.picker.noMatch')}
              error={fieldError(t, errors.vendor)}
              testId="quotation-vendor"
            />
          )}
        />
        <Controller
          key={targetField}
          control={control}
          name={targetField}
          render={({ field }) => (
            <EntityPicker
              entity={type === 'item' ? 'items' : 'services'}
              toOption={quotationTargetOption}
              look="select"
              label={t(`quotations.types.${type}`)}
              value={field.value}
              onChange={field.onChange}
              placeholder={t(`quotations.picker.choose.${type}`)}
              searchPlaceholder={t(`quotations.picker.searchTargets.${type}`)}
              emptyText={t(`quotations.picker.noTargets.${type}`)}
              noMatchText={t('quotations.picker.noMatch')}
              error={fieldError(t, errors[targetField])}
              testId={`quotation-${type}`}
            />
          )}
        />
        <MoneyField
          hint={unit ? t('quotations.fields.perUnit', { unit }) : undefined}
          data-testid="quotation-price"
          {...fieldProps('unit_price', { decimal: true })}
        />
        <QuantityField
          optional
          unit={unit || undefined}
          data-testid="quotation-min-qty"
          {...fieldProps('minimum_quantity', { decimal: true })}
        />
        <DateField
          optional
          data-testid="quotation-valid-until"
          {...fieldProps('valid_until', { hint: true })}
        />
        <SelectField
          options={statusOptions(t, 'quotation')}
          data-testid="quotation-status"
          {...fieldProps('status')}
        />
      </div>
      <NotesField
        form={form}
        label={t('quotations.fields.notes')}
        rows={3}
        placeholder={t('quotations.fields.notesPlaceholder')}
        data-testid="quotation-notes"
      />
    </>
  );
}
