import { zodResolver } from '@hookform/resolvers/zod';
import {
  QUOTATION_STATUSES,
  QUOTATION_TYPES,
  type Quotation,
  type QuotationCreate,
  type QuotationType,
} from '@siteledger/domain';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField, dateSchema } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { MoneyField, moneySchema, parseDecimalInput } from '../../components/ui/money-field';
import { QuantityField, quantitySchema } from '../../components/ui/quantity-field';
import { SelectField } from '../../components/ui/select-field';
import { statusOptions } from '../../components/ui/status-badge';
import { TextAreaField } from '../../components/ui/textarea-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors, fieldError } from '../../lib/form';
import { useCreateQuotation, useUpdateQuotation } from './api';
import { useQuotationChoices } from './quotation-choices';
import { SearchSelect } from './search-select';
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
    notes: z.string().trim().max(2000, 'validation.tooLong'),
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
      key={props.open ? (quotation?.id ?? 'new') : 'closed'}
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
  const toast = useToast();
  const choices = useQuotationChoices();
  const create = useCreateQuotation();
  const update = useUpdateQuotation();
  const mutation = quotation ? update : create;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<QuotationFormInput, unknown, QuotationFormValues>({
    resolver: zodResolver(quotationFormSchema),
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
  });
  const type = useWatch({ control, name: 'quotation_type' });
  const target = useWatch({ control, name: type === 'item' ? 'item' : 'service' });
  const unit = choices.unitOf(type, target);

  const onSubmit = handleSubmit((values) => {
    const body: QuotationCreate = {
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
    const done = () => {
      toast.success(t(quotation ? 'quotations.toast.updated' : 'quotations.toast.created'));
      onOpenChange(false);
    };
    const failed = (error: unknown) => applyServerFieldErrors(error, FIELDS, setError);
    if (quotation)
      update.mutate({ id: quotation.id, data: body }, { onSuccess: done, onError: failed });
    else create.mutate(body, { onSuccess: done, onError: failed });
  });

  const hasFieldErrors = FIELDS.some((field) => errors[field]?.type === 'server');
  const targetField = type === 'item' ? 'item' : 'service';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={quotation ? t('quotations.form.editTitle') : t('quotations.form.addTitle')}
      description={quotation ? undefined : t('quotations.form.addSubtitle')}
      onSubmit={onSubmit}
      submitLabel={quotation ? t('kit.actions.saveChanges') : t('quotations.form.add')}
      busy={mutation.isPending}
      error={mutation.isError && !hasFieldErrors ? errorMessage(mutation.error, t) : null}
      size="lg"
      testId="quotation-form"
    >
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
            <SearchSelect
              label={t('quotations.fields.vendor')}
              value={field.value}
              onChange={field.onChange}
              options={choices.vendorOptions}
              loading={choices.vendorsLoading}
              placeholder={t('quotations.picker.chooseVendor')}
              searchPlaceholder={t('quotations.picker.searchVendors')}
              emptyText={t('quotations.picker.noVendors')}
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
            <SearchSelect
              label={t(`quotations.types.${type}`)}
              value={field.value}
              onChange={field.onChange}
              options={type === 'item' ? choices.itemOptions : choices.serviceOptions}
              loading={type === 'item' ? choices.itemsLoading : choices.servicesLoading}
              placeholder={t(`quotations.picker.choose.${type}`)}
              searchPlaceholder={t(`quotations.picker.searchTargets.${type}`)}
              emptyText={t(`quotations.picker.noTargets.${type}`)}
              error={fieldError(t, errors[targetField])}
              testId={`quotation-${type}`}
            />
          )}
        />
        <MoneyField
          label={t('quotations.fields.unitPrice')}
          hint={unit ? t('quotations.fields.perUnit', { unit }) : undefined}
          error={fieldError(t, errors.unit_price)}
          data-testid="quotation-price"
          {...register('unit_price', { setValueAs: parseDecimalInput })}
        />
        <QuantityField
          label={t('quotations.fields.minimumQuantity')}
          optional
          unit={unit || undefined}
          error={fieldError(t, errors.minimum_quantity)}
          data-testid="quotation-min-qty"
          {...register('minimum_quantity', { setValueAs: parseDecimalInput })}
        />
        <DateField
          label={t('quotations.fields.validUntil')}
          optional
          hint={t('quotations.fields.validUntilHint')}
          error={fieldError(t, errors.valid_until)}
          data-testid="quotation-valid-until"
          {...register('valid_until')}
        />
        <SelectField
          label={t('quotations.fields.status')}
          options={statusOptions(t, 'quotation')}
          error={fieldError(t, errors.status)}
          data-testid="quotation-status"
          {...register('status')}
        />
      </div>
      <TextAreaField
        label={t('quotations.fields.notes')}
        optional
        rows={3}
        placeholder={t('quotations.fields.notesPlaceholder')}
        error={fieldError(t, errors.notes)}
        data-testid="quotation-notes"
        {...register('notes')}
      />
    </FormDialog>
  );
}
