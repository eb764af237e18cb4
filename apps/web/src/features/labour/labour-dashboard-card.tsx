/**
 * The dashboard's "Labour" card (issue 44): who is on site today and their man-days, this month's
 * labour cost and, for the financial roles, the net of wage sheets not yet paid. Each figure shows
 * only when the dashboard's answer carries it (the server leaves out what the role may not see),
 * and the card not at all when it carries none.
 */
import { permissionsFor } from '@siteledger/domain';
import type { LucideIcon } from 'lucide-react';
import { HardHat, IndianRupee, ReceiptIndianRupee } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconChip, type IconTone } from '../../components/ui/figure-parts';
import { useLabourFigures, type LabourFigures } from '../../data/wage-sheets';
import { formatQuantity } from '../../lib/quantity-format';
import { useSession } from '../../lib/session';
import { rupees } from './wage-sheet-labels';

interface Tile {
  id: string;
  to: string;
  label: string;
  value: string;
  caption: string;
  icon: LucideIcon;
  tone: IconTone;
}

/**
 * The tiles the answer has figures for, in order; the unpaid sheets only for a role that sees
 * the money (`financial`), whatever the answer carries.
 */
export function labourTiles(
  figures: LabourFigures,
  t: (key: string, options?: Record<string, unknown>) => string,
  financial: boolean,
): Tile[] {
  const tiles: Tile[] = [];
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
  if (tiles.length === 0) return null;
  return (
    <section
      aria-labelledby="dashboard-labour-title"
      className="rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6"
      data-testid="dashboard-labour"
    >
      <h2 id="dashboard-labour-title" className="mb-4 text-base font-semibold text-fg">
        {t('wageSheets.dashboard.title')}
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {tiles.map((tile) => (
          <Link
            key={tile.id}
            to={tile.to}
            className="flex min-w-0 items-start gap-3 rounded-xl bg-surface-muted/70 p-3.5 transition-colors hover:bg-surface-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
            data-testid={`dashboard-labour-${tile.id}`}
          >
            <IconChip
              icon={tile.icon}
              tone={tile.tone}
              className="flex size-9 shrink-0 items-center justify-center rounded-lg"
              iconClassName="size-4"
            />
            <span className="min-w-0">
              <span className="block text-xs font-medium text-fg-muted">{tile.label}</span>
              <span
                className="block truncate text-lg font-semibold tabular-nums text-fg"
                data-testid={`dashboard-labour-${tile.id}-value`}
              >
                {tile.value}
              </span>
              <span className="block text-xs text-fg-subtle">{tile.caption}</span>
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
}
