import { canManageSite, parseGstin } from '@siteledger/domain';
import { Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButtons } from '../../components/record-detail/action-buttons';
import { SectionCard } from '../../components/ui/section-card';
import { formatDecimal, formatInteger } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useSites } from './api';
import { DeleteSiteDialog } from './delete-site-dialog';
import { ManageSiteDialog } from './manage-site-dialog';
import { stateLabel } from '../../components/gst/gst-figures';

/**
 * The current site's details for Settings (owners and supervisors, spec part 6: they manage the
 * site), with "Edit site details" opening the manage-site form; owners reach Delete from there.
 */
export function SiteDetailsCard() {
  const { t } = useTranslation();
  const { siteId } = useSession();
  const sites = useSites();
  const [dialog, setDialog] = useState<'manage' | 'delete' | null>(null);
  const site = sites.data?.find((candidate) => candidate.id === siteId);
  if (!site || !canManageSite(site.role)) return null;
  // Derived from the GSTIN, not stored (API.md "GST").
  const parsed = site.gstin ? parseGstin(site.gstin) : null;
  const pan = parsed?.ok ? parsed.pan : null;

  return (
    <SectionCard
      testId="settings-site"
      texts="settings.site"
      bodyClassName="space-y-4"
      after={
        <>
          <ManageSiteDialog
            site={site}
            open={dialog === 'manage'}
            onOpenChange={(next) => setDialog(next ? 'manage' : null)}
            onDelete={() => setDialog('delete')}
          />
          <DeleteSiteDialog
            site={site}
            open={dialog === 'delete'}
            onOpenChange={(next) => setDialog(next ? 'delete' : null)}
          />
        </>
      }
    >
      <div className="min-w-0">
        <p className="truncate font-semibold text-fg" data-testid="settings-site-name">
          {site.name}
        </p>
        <p className="text-sm text-fg-muted" data-testid="settings-site-facts">
          {t('sites.facts', {
            units: t('sites.unitsValue', {
              count: site.total_units,
              value: formatInteger(site.total_units),
            }),
            area: t('sites.areaValue', { value: formatDecimal(site.total_planned_area) }),
          })}
        </p>
        <p className="mt-2 whitespace-pre-line text-sm text-fg-muted">
          {site.description || t('settings.site.noDescription')}
        </p>
      </div>
      <dl
        className="grid gap-x-4 gap-y-2 rounded-xl bg-surface-muted/70 px-3.5 py-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)]"
        data-testid="settings-site-gst"
      >
        <dt className="text-fg-muted">{t('gst.site.gstin')}</dt>
        <dd
          className={
            site.gstin ? 'font-mono font-medium tracking-wide text-fg' : 'font-medium text-fg'
          }
          data-testid="settings-site-gstin"
        >
          {site.gstin || t('gst.site.noGstin')}
        </dd>
        {pan ? (
          <>
            <dt className="text-fg-muted">{t('gst.pan')}</dt>
            <dd
              className="font-mono font-medium tracking-wide text-fg"
              data-testid="settings-site-pan"
            >
              {pan}
            </dd>
          </>
        ) : null}
        <dt className="text-fg-muted">{t('gst.site.state')}</dt>
        <dd className="font-medium text-fg" data-testid="settings-site-state">
          {site.state_code ? stateLabel(t, site.state_code) : t('gst.site.noState')}
        </dd>
        <dt className="text-fg-muted">{t('gst.site.inputTax')}</dt>
        <dd className="text-fg" data-testid="settings-site-input-tax">
          <span className="block font-medium">
            {t(`gst.inputTax.${site.input_tax_mode}.title`)}
          </span>
          <span className="block text-xs text-fg-muted">
            {t(`gst.inputTax.${site.input_tax_mode}.detail`)}
          </span>
        </dd>
      </dl>
      <ActionButtons
        actions={[
          {
            id: 'edit',
            when: true,
            variant: 'secondary',
            icon: Settings2,
            label: t('settings.site.edit'),
            onClick: () => setDialog('manage'),
            testId: 'settings-site-edit',
          },
        ]}
      />
    </SectionCard>
  );
}
