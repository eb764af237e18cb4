/**
 * The dashboard's "Labour" card (issue 44): who is on site today and their man-days, this month's
 * labour cost and, for the financial roles, the net of wage sheets not yet paid. Each figure shows
 * only when the dashboard's answer carries it (the server leaves out what the role may not see),
 * and the card not at all when it carries none.
 */
import { permissionsFor } from '@siteledger/domain';
import { HardHat, IndianRupee, ReceiptIndianRupee } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DashboardTilesCard, type DashboardTile } from '../../components/dashboard-tiles-card';
import { useLabourFigures, type LabourFigures } from '../../data/wage-sheets';
import { formatQuantity } from '../../lib/quantity-format';
import { useSession } from '../../lib/session';
import { rupees } from './wage-sheet-labels';

/**
 * The tiles the answer has figures for, in order; the unpaid sheets only for a role that sees
 * the money (`financial`), whatever the answer carries.
 */
export function labourTiles(
  figures: LabourFigures,
  t: (key: string, options?: Record<string, unknown>) => string,
  financial: boolean,
): DashboardTile[] {
  const tiles: DashboardTile[] = [];
  if (figures.labour_present_today !== undefined) {
    tiles.push({
      id: 'present',
      to: '/labour',
      label: t('wageSheets.dashboard.present'),
      value: formatQuantity(figures.labour_present_today),
      caption: t('wageSheets.dashboard.manDays', {
        days: formatQuantity(figures.labour_man_days_today ?? 0),
      }),
      icon: HardHat,
      tone: 'blue',
    });
  }
  if (figures.labour_cost_month !== undefined) {
    tiles.push({
      id: 'cost',
      to: '/labour',
      label: t('wageSheets.dashboard.costMonth'),
      value: rupees(figures.labour_cost_month),
      caption: t('wageSheets.dashboard.costCaption'),
      icon: IndianRupee,
      tone: 'violet',
    });
  }
  if (financial && figures.wage_sheets_unpaid !== undefined) {
    tiles.push({
      id: 'unpaid',
      to: '/wage-sheets',
      label: t('wageSheets.dashboard.unpaid'),
      value: rupees(figures.wage_sheets_unpaid),
      caption: t('wageSheets.dashboard.unpaidCaption'),
      icon: ReceiptIndianRupee,
      tone: 'orange',
    });
  }
  return tiles;
}

export function LabourDashboardCard() {
  const { t } = useTranslation();
  const figures = useLabourFigures();
  const financial = permissionsFor(useSession().role).canViewFinancials;
  const tiles = figures.data ? labourTiles(figures.data, t, financial) : [];
  return (
    <DashboardTilesCard
      id="labour"
      title={t('wageSheets.dashboard.title')}
      tiles={tiles}
      columns={3}
    />
  );
}
