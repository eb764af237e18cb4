import { permissionsFor } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { formatDecimal } from '../../lib/format';
import { useCollectionPermissions } from '../../lib/role-rights';
import { useSession } from '../../lib/session';
import { useDashboard, useSiteDetails } from './api';
import { DashboardDue } from './dashboard-due';
import { DashboardFigures } from './dashboard-figures';
import { DashboardHeader } from './dashboard-header';
import { DashboardIncomingTransfers } from './dashboard-incoming-transfers';
import { DashboardLowStock } from './dashboard-low-stock';
import { DashboardNextSteps } from './dashboard-next-steps';
import { DashboardPurchasing } from './dashboard-purchasing';
import { DashboardSiteSpend } from './dashboard-site-spend';
import { MonthlyChart } from './monthly-chart';

/**
 * `labour`, `budget` and `petty`: the labour, budget and petty cash cards, which the app composes
 * in from their features (features do not import each other), beside the reminders. For anyone
 * but owners and accountants the petty cash card comes first: it is a holder's cash in hand, the
 * figure a supervisor spends from all day (issue 46), so it is on screen without scrolling.
 */
export function DashboardPage({
  labour,
  budget,
  petty,
}: { labour?: ReactNode; budget?: ReactNode; petty?: ReactNode } = {}) {
  const { user, siteId, role } = useSession();
  const currentSiteId = siteId ?? '';
  const summary = useDashboard(currentSiteId);
  const site = useSiteDetails(currentSiteId);
  const permissions = permissionsFor(role);
  // The payments step only for a role the business lets see payments (issue 47).
  const seesPayments = useCollectionPermissions('payments').canViewFinancials;
  const firstName = user?.name?.trim().split(/\s+/)[0] ?? '';
  const pettyFirst = role !== 'owner' && role !== 'accountant';
  const area = site.data ? formatDecimal(site.data.total_planned_area) : '—';

  return (
    <div className="space-y-8" data-testid="dashboard-page" data-tour="dashboard-page">
      <DashboardHeader firstName={firstName} site={site} area={area} />
      {pettyFirst ? petty : null}
      <DashboardFigures summary={summary} area={area} />
      {permissions.canViewFinancials ? (
        <DashboardSiteSpend
          toDate={summary.data?.site_spend}
          month={summary.data?.site_spend_month}
        />
      ) : null}
      {permissions.canViewFinancials ? <DashboardDue summary={summary} /> : null}
      {labour}
      {budget}
      {pettyFirst ? null : petty}
      <DashboardPurchasing isOwner={role === 'owner'} showAmounts={permissions.canViewFinancials} />
      <DashboardIncomingTransfers showAmounts={permissions.canViewFinancials} />
      <DashboardLowStock siteId={currentSiteId} />
      <MonthlyChart
        months={summary.data?.monthly}
        loading={summary.isPending && !summary.isError}
      />
      <DashboardNextSteps canViewFinancials={seesPayments} />
    </div>
  );
}
