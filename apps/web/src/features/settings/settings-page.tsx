import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { InstallAppCard } from './install-app-card';
import { NoticesCard } from './notices-card';
import { NotificationsCard } from './notifications-card';
import { PreferencesCard } from './preferences-card';
import { PurchasingCard } from './purchasing-card';
import { StockCard } from './stock-card';
import { TallyExportCard } from './tally-export-card';
import { ToursCard } from './tours-card';

/**
 * Settings (spec part 2, sign-in only): language and theme, notifications, page tours,
 * installing the app and, for owners and supervisors, the current site's details (`siteDetails`,
 * composed by the app from the sites feature) and, for owners, its business (`business`, from the
 * business feature). The person's own details stay on Profile.
 */
export function SettingsPage({
  siteDetails,
  business,
}: {
  siteDetails?: ReactNode;
  business?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid="page-settings">
      <PageHeader title={t('settings.title')} subtitle={t('settings.description')} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <PreferencesCard />
          <NotificationsCard />
          <NoticesCard />
          <InstallAppCard />
        </div>
        <div className="min-w-0 space-y-6">
          {siteDetails}
          {business}
          <PurchasingCard />
          <StockCard />
          <TallyExportCard />
          <ToursCard />
        </div>
      </div>
    </div>
  );
}
