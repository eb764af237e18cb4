import {
  zRateEffectiveFrom,
  zSacCode,
  zServiceCreate,
  zTagIds,
  type GstRatePeriod,
  type Service,
} from '@siteledger/domain';
import { TagsField } from '../../components/record-fields/tags-field';
import { useFieldProps } from '../../components/form/use-field-props';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { GstCodeRateFields } from '../../components/gst/gst-form-fields';
import { ActiveSwitch } from '../../components/ui/active-switch';
import { MoneyField } from '../../components/ui/money-field';
import {
  freshFormKey,
  RecordFormDialog,
  type RecordFormProps,
} from '../../components/ui/record-form-dialog';
import { useRecordForm } from '../../components/ui/use-record-form';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { TextField } from '../../components/ui/text-field';
import { formSchema } from '../../lib/form-schema';
import { useCreateService, useUpdateService } from './api';
import { categoryOptions, serviceUnitOptions } from './service-labels';

// The selects start empty (''): the form takes any string and the domain's enums check it.
const serviceFormSchema = formSchema(
  zServiceCreate.extend({
    category: z.string().pipe(zServiceCreate.shape.category),
    unit: z.string().pipe(zServiceCreate.shape.unit),
    is_active: z.boolean(),
    tags: zTagIds,
    // '' for no SAC code; the GST rate is null for none.
    sac_code: z.union([z.literal(''), zSacCode]),
    /** Editing only: the new rate applies from this date ('' corrects the current rate). */
    gst_rate_effective_from: z.union([z.literal(''), zRateEffectiveFrom]).optional(),
  }),
  {
    category: 'services.validation.categoryRequired',
    unit: 'services.validation.unitRequired',
    sac_code: 'gst.validation.sac',
  },
);
type ServiceFormInput = z.input<typeof serviceFormSchema>;
type ServiceFormValues = z.output<typeof serviceFormSchema>;
type ServiceForm = UseFormReturn<ServiceFormInput, unknown, ServiceFormValues>;

const FIELDS = [
  'name',
  'description',
  'category',
  'service_type',
  'unit',
  'standard_rate',
  'is_active',
  'tags',
  'sac_code',
  'gst_rate',
  'gst_rate_effective_from',
] as const;

/** Add (no `service`) or edit a service. The form starts fresh each time the dialog opens. */
export function ServiceFormDialog({
  service,
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  service?: Service | null;
  onSaved?: (service: Service) => void;
}) {
  return (
    <ServiceForm key={freshFormKey(props.open, service)} record={service ?? null} {...props} />
  );
}

function ServiceForm(props: RecordFormProps<Service>) {
  const { record: service } = props;
  const { t } = useTranslation();
  const { form, dialog } = useRecordForm({
    ...props,
    schema: serviceFormSchema,
    defaultValues: {
      name: service?.name ?? '',
      description: service?.description ?? '',
      category: service?.category ?? '',
      service_type: service?.service_type ?? '',
      unit: service?.unit ?? '',
      standard_rate: service?.standard_rate,
      is_active: service?.is_active ?? true,
      tags: service?.tags ?? [],
      sac_code: service?.sac_code ?? '',
      gst_rate: service?.gst_rate ?? null,
      gst_rate_effective_from: '',
    },
    body: serviceBody,
    draft: 'service',
    create: useCreateService(),
    update: useUpdateService(),
    fields: FIELDS,
    toasts: { created: 'services.toast.created', updated: 'services.toast.updated' },
    texts: 'services.form',
  });
  return (
    <RecordFormDialog
      {...dialog}
      description={service ? service.name : t('services.form.addSubtitle')}
      size="lg"
      testId="service-form"
    >
      <ServiceFields form={form} history={service?.gst_rate_history} />
    </RecordFormDialog>
  );
}

/** What the POST or PATCH sends: empty optional fields are none. */
function serviceBody({ gst_rate_effective_from: from, ...values }: ServiceFormValues) {
  return {
    ...values,
    description: values.description || null,
    service_type: values.service_type || null,
    sac_code: values.sac_code || null,
    gst_rate: values.gst_rate ?? null,
    // A new rate from a date (issue 40 item 9); without one the current rate is corrected.
    ...(from ? { gst_rate_effective_from: from } : {}),
  };
}

function ServiceFields({
  form,
  history,
}: {
  form: ServiceForm;
  /** An edited service's rate history: the new-rate date field and the periods show. */
  history?: GstRatePeriod[] | undefined;
}) {
  const { t } = useTranslation();
  const fieldProps = useFieldProps(form, 'services.fields');
  return (
    <>
      <TextField
        autoFocus
        data-testid="service-name"
        {...fieldProps('name', { placeholder: true })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          placeholder={t('kit.select.choose')}
          options={categoryOptions(t)}
          data-testid="service-category"
          {...fieldProps('category')}
        />
        <TextField
          optional
          data-testid="service-type"
          {...fieldProps('service_type', { text: 'type', placeholder: true })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          placeholder={t('kit.select.choose')}
          options={serviceUnitOptions(t)}
          data-testid="service-unit"
          {...fieldProps('unit', { hint: true })}
        />
        <MoneyField
          data-testid="service-rate"
          {...fieldProps('standard_rate', { hint: true, decimal: true })}
        />
      </div>
      <GstCodeRateFields form={form} kind="service" history={history} />
      <TagsField
        control={form.control}
        label={t('services.fields.tags')}
        type="service_category"
        testId="service-tags"
      />
      <TextAreaField
        optional
        rows={3}
        data-testid="service-description"
        {...fieldProps('description', { placeholder: true })}
      />
      <ActiveSwitch
        label={t('services.fields.active')}
        description={t('services.fields.activeHint')}
        data-testid="service-active"
        {...form.register('is_active')}
      />
    </>
  );
}
