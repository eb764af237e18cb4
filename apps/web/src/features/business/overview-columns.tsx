/**
 * The overview's rows: a site each, then the business's totals; a table from 768 px, a card each
 * below it. Budget variance goes red below zero (the site is heading past its budget).
 */
import { useTranslation } from 'react-i18next';
import { CardFigure, CardHead } from '../../components/list-page/card-head';
import type { DataTableColumn } from '../../components/ui/data-table';
import type { BusinessOverview } from '@siteledger/domain';
import { cn } from '../../lib/cn';
import { formatInteger, formatRupees } from '../../lib/format';

type Figures = BusinessOverview['totals'];

/** A site's row, or the totals' (`site` null). */
export interface OverviewRow {
  key: string;
  site: string | null;
  name: string;
  figures: Figures;
}

export function overviewRows(overview: BusinessOverview, totalName: string): OverviewRow[] {
  return [
    ...overview.sites.map(({ site, name, ...figures }) => ({ key: site, site, name, figures })),
    { key: 'total', site: null, name: totalName, figures: overview.totals },
  ];
}

// The whole site's spend (materials, services, subcontractors, labour, petty cash), as the site
// dashboard's Site spend card gives it.
const MONEY = [
  'site_spend',
  'site_spend_month',
  'payables',
  'budget_variance',
  'stock_value',
] as const;
type Money = (typeof MONEY)[number];
const APPROVALS = ['material_requests', 'petty_expenses', 'ra_bills', 'stock_adjustments'] as const;

export const overviewRowTestId = (row: OverviewRow) =>
  row.site ? `business-overview-row-${row.site}` : 'business-overview-total';

const moneyClass = (row: OverviewRow, figure: Money) =>
  cn(
    'tabular-nums',
    row.site ? undefined : 'font-semibold',
    figure === 'budget_variance' && row.figures.budget_variance < 0 && 'font-medium text-danger',
  );

export function useOverviewColumns() {
  const { t } = useTranslation();
  const label = (figure: Money) => t(`business.overview.${figure}`);
  const pending = (row: OverviewRow) => {
    const counts = row.figures.pending_approvals;
    // The breakdown as the cell's tooltip; the table has room only for the count.
    return APPROVALS.filter((kind) => counts[kind] > 0)
      .map((kind) => `${t(`business.overview.approvals.${kind}`)}: ${formatInteger(counts[kind])}`)
      .join(', ');
  };

  const columns: DataTableColumn<OverviewRow>[] = [
    {
      key: 'site',
      header: t('business.overview.site'),
      className: 'min-w-40',
      cell: (row) => (
        <span className={row.site ? 'font-medium text-fg' : 'font-semibold text-fg'}>
          {row.name}
        </span>
      ),
    },
    ...MONEY.map((figure): DataTableColumn<OverviewRow> => ({
      key: figure,
      header: label(figure),
      align: 'right',
      // Below 1280 px (a sidebar beside the table) this month's spend gives way.
      hideBelow: figure === 'site_spend_month' ? 'xl' : undefined,
      cell: (row) => (
        <span
          className={moneyClass(row, figure)}
          data-testid={`${overviewRowTestId(row)}-${figure}`}
        >
          {formatRupees(row.figures[figure])}
        </span>
      ),
    })),
    {
      key: 'pending',
      header: t('business.overview.pending'),
      align: 'right',
      cell: (row) => (
        <span
          className={cn('tabular-nums', row.site ? undefined : 'font-semibold')}
          title={pending(row) || undefined}
          data-testid={`${overviewRowTestId(row)}-pending`}
        >
          {formatInteger(row.figures.pending_approvals.total)}
        </span>
      ),
    },
  ];

  const mobileCard = (row: OverviewRow) => (
    <div className="space-y-3">
      <CardHead title={row.name} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2.5">
        {MONEY.map((figure) => (
          <CardFigure
            key={figure}
            label={label(figure)}
            valueClassName={cn('break-words font-medium text-fg', moneyClass(row, figure))}
            testId={`${overviewRowTestId(row)}-${figure}`}
          >
            {formatRupees(row.figures[figure])}
          </CardFigure>
        ))}
        <CardFigure
          label={t('business.overview.pending')}
          valueClassName={cn('font-medium text-fg', moneyClass(row, 'site_spend'))}
          testId={`${overviewRowTestId(row)}-pending`}
        >
          {formatInteger(row.figures.pending_approvals.total)}
        </CardFigure>
      </dl>
      {pending(row) ? <p className="text-xs text-fg-muted">{pending(row)}</p> : null}
    </div>
  );

  return { columns, mobileCard };
}
