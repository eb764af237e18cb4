import type { SiteCreate } from '@siteledger/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextAreaField, TextField } from '../../components/ui/text-field';
import { fieldError } from '../../lib/form';
import type { SiteFormValues } from './schemas';

export const SITE_FIELDS = ['name', 'description', 'total_units', 'total_planned_area'] as const;

/** What the POST or PATCH sends: an empty description is none. */
export function siteBody(values: SiteFormValues): SiteCreate {
  return {
    name: values.name,
    description: values.description || null,
    total_units: values.total_units,
    total_planned_area: values.total_planned_area,
  };
}

/**
 * Name, description, total units and planned area — the Create Site form and the Manage site
 * dialog. `testId` starts each field's test id (`site`, `manage-site`); `examples` shows the
 * create form's placeholders (an existing site has its values instead).
 */
export function SiteFields({
  form,
  testId,
  autoFocus = true,
  examples = false,
}: {
  form: UseFormReturn<SiteFormValues>;
  testId: string;
  autoFocus?: boolean;
  examples?: boolean;
}) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <TextField
        label={t('sites.fields.name')}
        autoFocus={autoFocus}
        placeholder={examples ? t('sites.fields.namePlaceholder') : undefined}
        error={fieldError(t, errors.name)}
        data-testid={`${testId}-name`}
        {...register('name')}
      />
      <TextAreaField
        label={t('sites.fields.description')}
        optional
        rows={2}
        placeholder={t('sites.fields.descriptionPlaceholder')}
        error={fieldError(t, errors.description)}
        data-testid={`${testId}-description`}
        {...register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('sites.fields.units')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder={examples ? '24' : undefined}
          error={fieldError(t, errors.total_units)}
          data-testid={`${testId}-units`}
          {...register('total_units', { valueAsNumber: true })}
        />
        <TextField
          label={t('sites.fields.area')}
          type="number"
          inputMode="decimal"
          min={1}
          step="any"
          placeholder={examples ? '18000' : undefined}
          error={fieldError(t, errors.total_planned_area)}
          data-testid={`${testId}-area`}
          {...register('total_planned_area', { valueAsNumber: true })}
        />
      </div>
    </>
  );
}
