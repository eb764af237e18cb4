import { canManageSite } from '@siteledger/domain';
import { Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDecimal, formatInteger } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useSites } from './api';
import { DeleteSiteDialog } from './delete-site-dialog';
import { ManageSiteDialog } from './manage-site-dialog';

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

  return (
    <Card data-testid="settings-site">
      <CardHeader>
        <CardTitle>{t('settings.site.title')}</CardTitle>
        <p className="mt-1 text-sm text-fg-muted">{t('settings.site.description')}</p>
      </CardHeader>
      <CardBody className="space-y-4">
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
        <Button
          variant="secondary"
          icon={<Settings2 className="size-4" aria-hidden="true" />}
          onClick={() => setDialog('manage')}
          data-testid="settings-site-edit"
        >
          {t('settings.site.edit')}
        </Button>
      </CardBody>
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
    </Card>
  );
}
