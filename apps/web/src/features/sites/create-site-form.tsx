import { zodResolver } from '@hookform/resolvers/zod';
import { isErrorCode, type Site } from '@siteledger/domain';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../components/form/form-actions';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { isApiError } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form';
import { useCreateSite } from './api';
import { siteFormSchema, type SiteFormInput, type SiteFormValues } from './schemas';
import { NO_GST_PROFILE, SITE_FIELDS, SiteFields, siteBody } from './site-fields';

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
  const form = useForm<SiteFormInput, unknown, SiteFormValues>({
    resolver: zodResolver(siteFormSchema),
    // The GST profile is set later, in the site's settings.
    defaultValues: { name: '', description: '', ...NO_GST_PROFILE },
  });

  const onSubmit = form.handleSubmit((values) => {
    create.mutate(siteBody(values), {
      onSuccess: (site) => onCreated(site),
      onError: (error) => applyServerFieldErrors(error, SITE_FIELDS, form.setError),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="create-site-form">
      {create.isError ? (
        <Alert tone="error" testId="create-site-error">
          {createFailureMessage(create.error, t('sites.create.failed'))}
        </Alert>
      ) : null}
      <SiteFields form={form} testId="site" autoFocus={autoFocus} examples />
      <FormActions
        busy={create.isPending}
        onCancel={onCancel}
        cancelVariant="secondary"
        className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end"
      >
        <Button
          type="submit"
          loading={create.isPending}
          icon={<Plus className="size-4" aria-hidden="true" />}
          data-testid="create-site-submit"
        >
          {t('sites.create.submit')}
        </Button>
      </FormActions>
    </form>
  );
}
