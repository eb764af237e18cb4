import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_CONSUMPTION_FLAG_PERCENT,
  DEFAULT_OT_MULTIPLIER,
  DEFAULT_PETTY_APPROVAL_THRESHOLD_RUPEES,
  isOwner,
} from '@siteledger/domain';
import { CalendarDays, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/ui/form-dialog';
import { useToast } from '../../components/ui/toast-context';
import { useFormGuard } from '../../components/ui/use-form-guard';
import { isApiError } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form';
import { useUpdateSite, type SiteListItem } from './api';
import { formatTimestamp } from '../../lib/dates';
import { RequireTwoStepSwitch } from './require-two-step-switch';
import { siteFormSchema, type SiteFormInput, type SiteFormValues } from './schemas';
import { SiteSizeFacts } from './site-size-facts';
import { SiteBudgetFields } from './site-budget-fields';
import { SitePettyFields } from './site-petty-fields';
import { SITE_FIELDS, SiteFields, SiteGstFields, SiteLabourFields, siteBody } from './site-fields';

/**
 * Manage site (spec part 2 "Site forms"): name, description, total units and planned area
 * (minimum 1 each), the GST profile (GSTIN, state, input tax), with the created date and units;
 * owners also get Delete. Opens fresh each time.
 */
export function ManageSiteDialog({
  site,
  open,
  onOpenChange,
  onDelete,
}: {
  site: SiteListItem | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Owners only: opens the delete dialog. */
  onDelete: (site: SiteListItem) => void;
}) {
  return site ? (
    <ManageSiteForm
      key={open ? site.id : 'closed'}
      site={site}
      open={open}
      onOpenChange={onOpenChange}
      onDelete={onDelete}
    />
  ) : null;
}

function ManageSiteForm({
  site,
  open,
  onOpenChange,
  onDelete,
}: {
  site: SiteListItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDelete: (site: SiteListItem) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateSite();
  const form = useForm<SiteFormInput, unknown, SiteFormValues>({
    resolver: zodResolver(siteFormSchema),
    defaultValues: {
      name: site.name,
      description: site.description ?? '',
      total_units: site.total_units,
      total_planned_area: site.total_planned_area,
      gstin: site.gstin ?? '',
      state_code: site.state_code ?? '',
      input_tax_mode: site.input_tax_mode,
      tan: site.tan ?? '',
      ot_multiplier: site.ot_multiplier ?? DEFAULT_OT_MULTIPLIER,
      budget_control: site.budget_control ?? 'warn',
      consumption_flag_percent: site.consumption_flag_percent ?? DEFAULT_CONSUMPTION_FLAG_PERCENT,
      supervisor_budget_view: site.supervisor_budget_view ?? 'none',
      petty_approval_threshold:
        site.petty_approval_threshold ?? DEFAULT_PETTY_APPROVAL_THRESHOLD_RUPEES,
      petty_photo_above: site.petty_photo_above ?? null,
    },
  });
  const errors = form.formState.errors;
  // Asks before typed work is discarded.
  const guard = useFormGuard(form, {
    open,
    onClose: () => onOpenChange(false),
    draft: null,
  });

  const owner = isOwner(site.role);
  const onSubmit = form.handleSubmit((values) => {
    // The GST profile is the owner's (the server refuses it from a supervisor): others send none.
    const {
      gstin,
      state_code,
      input_tax_mode,
      tan,
      ot_multiplier,
      budget_control,
      consumption_flag_percent,
      supervisor_budget_view,
      petty_approval_threshold,
      petty_photo_above,
      ...details
    } = siteBody(values);
    const data = owner
      ? {
          ...details,
          gstin,
          state_code,
          input_tax_mode,
          tan,
          ot_multiplier,
          budget_control,
          consumption_flag_percent,
          supervisor_budget_view,
          petty_approval_threshold,
          petty_photo_above,
        }
      : details;
    update.mutate(
      { id: site.id, data },
      {
        onSuccess: (saved) => {
          guard.saved();
          toast.success(t('sites.manage.success', { name: saved.name }));
          onOpenChange(false);
        },
        onError: (error) => applyServerFieldErrors(error, SITE_FIELDS, form.setError),
      },
    );
  });

  const fieldErrorsShown = SITE_FIELDS.some((field) => errors[field]?.type === 'server');
  // The spec's alert; a refusal the server explains (e.g. permission) is added below it.
  const failure =
    update.isError && !fieldErrorsShown ? (
      <>
        <span className="block font-semibold">{t('sites.manage.failed')}</span>
        {isApiError(update.error) && update.error.status > 0 && update.error.status < 500 ? (
          <span className="block">{update.error.message}</span>
        ) : null}
      </>
    ) : null;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('sites.manage.title')}
      description={site.name}
      onSubmit={onSubmit}
      submitLabel={t('kit.actions.saveChanges')}
      busy={update.isPending}
      error={failure}
      footerStart={
        owner ? (
          <button
            type="button"
            className="inline-flex h-11 w-full items-center justify-center gap-2 rounded-xl px-3 text-[15px] font-medium text-danger transition-colors hover:bg-danger-soft focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-55 sm:-ml-3 sm:h-10 sm:w-auto sm:rounded-lg sm:text-sm"
            onClick={() => onDelete(site)}
            disabled={update.isPending}
            data-testid="manage-site-delete"
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {t('sites.manage.delete')}
          </button>
        ) : null
      }
      guard={guard}
      testId="manage-site"
    >
      <SiteFacts site={site} />
      <SiteFields form={form} testId="manage-site" />
      {owner ? <SiteGstFields form={form} testId="manage-site" /> : null}
      {owner ? <SiteLabourFields form={form} testId="manage-site" /> : null}
      {owner ? <SiteBudgetFields form={form} testId="manage-site" /> : null}
      {owner ? <SitePettyFields form={form} testId="manage-site" /> : null}
      {owner ? <RequireTwoStepSwitch site={site} onLeave={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

/** When the site was made and its size as saved (the fields below may be mid-edit). */
function SiteFacts({ site }: { site: SiteListItem }) {
  const { t, i18n } = useTranslation();
  return (
    <dl
      className="flex flex-wrap gap-x-5 gap-y-2 rounded-xl bg-surface-muted/70 px-3.5 py-3 text-sm"
      data-testid="manage-site-facts"
    >
      <div className="flex items-center gap-1.5 whitespace-nowrap">
        <CalendarDays className="size-4 shrink-0 text-fg-subtle" aria-hidden="true" />
        <dt className="text-fg-muted">{t('sites.manage.created')}</dt>
        <dd className="font-medium text-fg">{formatTimestamp(site.created, i18n.language)}</dd>
      </div>
      <SiteSizeFacts site={site} look="facts" />
    </dl>
  );
}
