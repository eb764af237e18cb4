import { permissionsFor } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { formatDecimal } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useDashboard, useSiteDetails } from './api';
import { DashboardDue } from './dashboard-due';
import { DashboardFigures } from './dashboard-figures';
import { DashboardHeader } from './dashboard-header';
import { DashboardIncomingTransfers } from './dashboard-incoming-transfers';
import { DashboardLowStock } from './dashboard-low-stock';
import { DashboardNextSteps } from './dashboard-next-steps';
import { DashboardPurchasing } from './dashboard-purchasing';
import { MonthlyChart } from './monthly-chart';

/**
 * `labour` and `budget`: the labour and budget cards, which the app composes in from their
 * features (features do not import each other), beside the reminders.
 */
export function DashboardPage({ labour, budget }: { labour?: ReactNode; budget?: ReactNode } = {}) {
  const { user, siteId, role } = useSession();
  const currentSiteId = siteId ?? '';
  const summary = useDashboard(currentSiteId);
  const site = useSiteDetails(currentSiteId);
  const permissions = permissionsFor(role);
  const firstName = user?.name?.trim().split(/\s+/)[0] ?? '';
  const area = site.data ? formatDecimal(site.data.total_planned_area) : '—';

  return (
    <div className="space-y-8" data-testid="dashboard-page" data-tour="dashboard-page">
      <DashboardHeader firstName={firstName} site={site} area={area} />
      <DashboardFigures summary={summary} area={area} />
      {permissions.canViewFinancials ? <DashboardDue summary={summary} /> : null}
      {labour}
      {budget}
      <DashboardPurchasing isOwner={role === 'owner'} showAmounts={permissions.canViewFinancials} />
      <DashboardIncomingTransfers showAmounts={permissions.canViewFinancials} />
      <DashboardLowStock siteId={currentSiteId} />
      <MonthlyChart
        months={summary.data?.monthly}
        loading={summary.isPending && !summary.isError}
      />
      <DashboardNextSteps canViewFinancials={permissions.canViewFinancials} />
    </div>
  );
}
