import { zodResolver } from '@hookform/resolvers/zod';
import { isErrorCode, type Site } from '@siteledger/domain';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/text-field';
import { isApiError } from '../../lib/api-client';
import { applyServerFieldErrors, fieldError } from '../../lib/form';
import { useCreateSite } from './api';
import { siteFormSchema, type SiteFormValues } from './schemas';

const SITE_FIELDS = ['name', 'description', 'total_units', 'total_planned_area'] as const;

/** The server's message for known codes (e.g. LIMIT_EXCEEDED), else the spec's generic alert. */
function createFailureMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && isErrorCode(error.code) && error.code !== 'INTERNAL') {
    return error.message;
  }
  return fallback;
}

export function CreateSiteForm({
  onCreated,
  onCancel,
  autoFocus = true,
}: {
  onCreated: (site: Site) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const create = useCreateSite();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SiteFormValues>({
    resolver: zodResolver(siteFormSchema),
    defaultValues: { name: '', description: '' },
  });

  const onSubmit = handleSubmit((values) => {
    create.mutate(
      {
        name: values.name,
        description: values.description || null,
        total_units: values.total_units,
        total_planned_area: values.total_planned_area,
      },
      {
        onSuccess: (site) => onCreated(site),
        onError: (error) => applyServerFieldErrors(error, SITE_FIELDS, setError),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="create-site-form">
      {create.isError ? (
        <Alert tone="error" testId="create-site-error">
          {createFailureMessage(create.error, t('sites.create.failed'))}
        </Alert>
      ) : null}
      <TextField
        label={t('sites.fields.name')}
        autoFocus={autoFocus}
        placeholder={t('sites.fields.namePlaceholder')}
        error={fieldError(t, errors.name)}
        data-testid="site-name"
        {...register('name')}
      />
      <TextAreaField
        label={t('sites.fields.description')}
        optional
        rows={2}
        placeholder={t('sites.fields.descriptionPlaceholder')}
        error={fieldError(t, errors.description)}
        data-testid="site-description"
        {...register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('sites.fields.units')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder="24"
          error={fieldError(t, errors.total_units)}
          data-testid="site-units"
          {...register('total_units', { valueAsNumber: true })}
        />
        <TextField
          label={t('sites.fields.area')}
          type="number"
          inputMode="decimal"
          min={1}
          step="any"
          placeholder="18000"
          error={fieldError(t, errors.total_planned_area)}
          data-testid="site-area"
          {...register('total_planned_area', { valueAsNumber: true })}
        />
      </div>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button
          type="submit"
          loading={create.isPending}
          icon={<Plus className="size-4" aria-hidden="true" />}
          data-testid="create-site-submit"
        >
          {t('sites.create.submit')}
        </Button>
      </div>
    </form>
  );
}
