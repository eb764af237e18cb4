import { zodResolver } from '@hookform/resolvers/zod';
import type { Service, ServiceCategory, ServiceUnit } from '@siteledger/domain';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TagPicker } from '../../components/tag-picker';
import { FormDialog } from '../../components/ui/form-dialog';
import { MoneyField, moneySchema, parseDecimalInput } from '../../components/ui/money-field';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors, fieldError } from '../../lib/form';
import { useCreateService, useUpdateService } from './api';
import { ActiveSwitch } from '../../components/ui/active-switch';
import {
  categoryOptions,
  isServiceCategory,
  isServiceUnit,
  serviceUnitOptions,
} from './service-labels';

const serviceFormSchema = z.object({
  name: z.string().trim().min(1, 'validation.nameRequired').max(200, 'validation.tooLong'),
  description: z.string().trim().max(2000, 'validation.tooLong'),
  category: z.string().refine(isServiceCategory, 'services.validation.categoryRequired'),
  service_type: z.string().trim().max(200, 'validation.tooLong'),
  unit: z.string().refine(isServiceUnit, 'services.validation.unitRequired'),
  standard_rate: moneySchema(),
  is_active: z.boolean(),
  tags: z.array(z.string()),
});
type ServiceFormInput = z.input<typeof serviceFormSchema>;
type ServiceFormValues = z.output<typeof serviceFormSchema>;

const FIELDS = [
  'name',
  'description',
  'category',
  'service_type',
  'unit',
  'standard_rate',
  'is_active',
  'tags',
] as const;

/** Add (no `service`) or edit a service. The form starts fresh each time the dialog opens. */
export function ServiceFormDialog({
  open,
  onOpenChange,
  service,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  service?: Service | null;
  onSaved?: (service: Service) => void;
}) {
  return (
    <ServiceForm
      key={open ? (service?.id ?? 'new') : 'closed'}
      open={open}
      onOpenChange={onOpenChange}
      service={service ?? null}
      onSaved={onSaved}
    />
  );
}

function ServiceForm({
  open,
  onOpenChange,
  service,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  service: Service | null;
  onSaved?: ((service: Service) => void) | undefined;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateService();
  const update = useUpdateService();
  const mutation = service ? update : create;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ServiceFormInput, unknown, ServiceFormValues>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: {
      name: service?.name ?? '',
      description: service?.description ?? '',
      category: service?.category ?? '',
      service_type: service?.service_type ?? '',
      unit: service?.unit ?? '',
      standard_rate: service?.standard_rate,
      is_active: service?.is_active ?? true,
      tags: service?.tags ?? [],
    },
  });

  const onSubmit = handleSubmit((values) => {
    const body = {
      name: values.name,
      description: values.description || null,
      category: values.category as ServiceCategory,
      service_type: values.service_type || null,
      unit: values.unit as ServiceUnit,
      standard_rate: values.standard_rate,
      is_active: values.is_active,
      tags: values.tags,
    };
    const done = (saved: Service) => {
      toast.success(
        t(service ? 'services.toast.updated' : 'services.toast.created', { name: saved.name }),
      );
      onSaved?.(saved);
      onOpenChange(false);
    };
    const failed = (error: unknown) => applyServerFieldErrors(error, FIELDS, setError);
    if (service)
      update.mutate({ id: service.id, data: body }, { onSuccess: done, onError: failed });
    else create.mutate(body, { onSuccess: done, onError: failed });
  });

  const hasFieldErrors = FIELDS.some((field) => errors[field]?.type === 'server');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={service ? t('services.form.editTitle') : t('services.form.addTitle')}
      description={service ? service.name : t('services.form.addSubtitle')}
      onSubmit={onSubmit}
      submitLabel={service ? t('kit.actions.saveChanges') : t('services.form.add')}
      busy={mutation.isPending}
      error={mutation.isError && !hasFieldErrors ? errorMessage(mutation.error, t) : null}
      size="lg"
      testId="service-form"
    >
      <TextField
        label={t('services.fields.name')}
        autoFocus
        placeholder={t('services.fields.namePlaceholder')}
        error={fieldError(t, errors.name)}
        data-testid="service-name"
        {...register('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('services.fields.category')}
          placeholder={t('kit.select.choose')}
          options={categoryOptions(t)}
          error={fieldError(t, errors.category)}
          data-testid="service-category"
          {...register('category')}
        />
        <TextField
          label={t('services.fields.type')}
          optional
          placeholder={t('services.fields.typePlaceholder')}
          error={fieldError(t, errors.service_type)}
          data-testid="service-type"
          {...register('service_type')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('services.fields.unit')}
          placeholder={t('kit.select.choose')}
          options={serviceUnitOptions(t)}
          hint={t('services.fields.unitHint')}
          error={fieldError(t, errors.unit)}
          data-testid="service-unit"
          {...register('unit')}
        />
        <MoneyField
          label={t('services.fields.standardRate')}
          hint={t('services.fields.standardRateHint')}
          error={fieldError(t, errors.standard_rate)}
          data-testid="service-rate"
          {...register('standard_rate', { setValueAs: parseDecimalInput })}
        />
      </div>
      <Controller
        control={control}
        name="tags"
        render={({ field }) => (
          <TagPicker
            label={t('services.fields.tags')}
            type="service_category"
            optional
            value={field.value}
            onChange={field.onChange}
            error={fieldError(t, errors.tags)}
            testId="service-tags"
          />
        )}
      />
      <TextAreaField
        label={t('services.fields.description')}
        optional
        rows={3}
        placeholder={t('services.fields.descriptionPlaceholder')}
        error={fieldError(t, errors.description)}
        data-testid="service-description"
        {...register('description')}
      />
      <ActiveSwitch
        label={t('services.fields.active')}
        description={t('services.fields.activeHint')}
        data-testid="service-active"
        {...register('is_active')}
      />
    </FormDialog>
  );
}
