/**
 * The overview's rows (issue 45): a site each, then the totals over them; a table from 768 px,
 * a card each below it. Remaining and variance go red below zero (past the budget, heading over).
 */
import type { BudgetOverview } from '@siteledger/domain';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardFigure, CardHead } from '../../components/list-page/card-head';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import type { DataTableColumn } from '../../components/ui/data-table';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';
import { BudgetBar } from './budget-bar';

export type OverviewFigures = BudgetOverview['totals'];

/** A site's row, or the totals' (`site` null). */
export interface OverviewRow {
  key: string;
  site: string | null;
  name: string;
  figures: OverviewFigures;
}

export function overviewRows(overview: BudgetOverview, totalName: string): OverviewRow[] {
  return [
    ...overview.items.map(({ site, site_name, ...figures }) => ({
      key: site,
      site,
      name: site_name,
      figures,
    })),
    { key: 'total', site: null, name: totalName, figures: overview.totals },
  ];
}

const MONEY = ['budget', 'actual', 'committed', 'remaining', 'forecast', 'variance'] as const;
type Money = (typeof MONEY)[number];

/** Remaining below zero is past the budget; variance below zero, heading past it. */
const isRed = (figures: OverviewFigures, figure: Money) =>
  (figure === 'remaining' || figure === 'variance') && figures[figure] < 0;

export const overviewRowTestId = (row: OverviewRow) =>
  row.site ? `budget-overview-row-${row.site}` : 'budget-overview-total';

/** "N lines" and "N need a look", or that the site has no budget yet. */
function LineBadges({ figures }: { figures: OverviewFigures }) {
  const { t } = useTranslation();
  if (figures.lines === 0) return <Badge>{t('budgets.overview.noBudget')}</Badge>;
  return (
    <span className="flex flex-wrap gap-1.5">
      <Badge>{t('budgets.overview.lines', { count: figures.lines })}</Badge>
      {figures.needs_look > 0 ? (
        <Badge tone="warning">
          {t('budgets.overview.needsLook', { count: figures.needs_look })}
        </Badge>
      ) : null}
    </span>
  );
}

function Bar({ figures }: { figures: OverviewFigures }) {
  const { budget, committed, actual, remaining } = figures;
  return <BudgetBar budget={budget} committed={committed} actual={actual} remaining={remaining} />;
}

export function useOverviewColumns(onOpen: (row: OverviewRow) => void) {
  const { t } = useTranslation();
  const label = (figure: Money) =>
    figure === 'forecast'
      ? t('budgets.overview.forecast')
      : figure === 'variance'
        ? t('budgets.overview.varianceShort')
        : t(`budgets.totals.${figure}`);
  const openProps = (row: OverviewRow) => ({
    onClick: () => onOpen(row),
    'aria-label': t('budgets.overview.openNamed', { name: row.name }),
    title: t('budgets.overview.openSite'),
    'data-testid': 'budget-overview-open-site',
  });
  // The table has no room for a column of buttons beside six figures: the site's name is its
  // button there; a card has the width for a full one.
  const name = (row: OverviewRow) =>
    row.site ? (
      <button
        type="button"
        className="inline-flex items-start gap-1 rounded-md text-left font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
        {...openProps(row)}
      >
        {row.name}
        <ArrowRight className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      </button>
    ) : (
      <p className="font-semibold text-fg">{row.name}</p>
    );

  const columns: DataTableColumn<OverviewRow>[] = [
    {
      key: 'site',
      header: t('budgets.overview.site'),
      className: 'min-w-52',
      cell: (row) => (
        <div className="space-y-1.5 py-1">
          {name(row)}
          <LineBadges figures={row.figures} />
          <Bar figures={row.figures} />
        </div>
      ),
    },
    ...MONEY.map((figure): DataTableColumn<OverviewRow> => ({
      key: figure,
      header: label(figure),
      align: 'right',
      // Below 1280 px (a sidebar beside the table) the six figures do not all fit.
      hideBelow: figure === 'committed' ? 'xl' : undefined,
      cell: (row) => (
        <span
          className={cn(
            row.site ? undefined : 'font-semibold',
            isRed(row.figures, figure) && 'font-medium text-danger',
          )}
          title={figure === 'variance' ? t('budgets.overview.varianceHint') : undefined}
          data-testid={`${overviewRowTestId(row)}-${figure}`}
        >
          {formatRupees(row.figures[figure])}
        </span>
      ),
    })),
  ];

  const mobileCard = (row: OverviewRow) => (
    <div className="space-y-3">
      <CardHead title={row.name} />
      <LineBadges figures={row.figures} />
      <Bar figures={row.figures} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2.5">
        {MONEY.map((figure) => (
          <CardFigure
            key={figure}
            label={
              figure === 'variance'
                ? t('budgets.overview.variance')
                : figure === 'forecast'
                  ? t('budgets.forecast')
                  : label(figure)
            }
            valueClassName={cn(
              'break-words font-medium tabular-nums',
              isRed(row.figures, figure) ? 'text-danger' : 'text-fg',
            )}
            testId={`${overviewRowTestId(row)}-${figure}`}
          >
            {formatRupees(row.figures[figure])}
          </CardFigure>
        ))}
      </dl>
      {row.site ? (
        <Button
          variant="secondary"
          fullWidth
          icon={<ArrowRight className="size-4" aria-hidden="true" />}
          {...openProps(row)}
        >
          {t('budgets.dashboard.open')}
        </Button>
      ) : null}
    </div>
  );

  return { columns, mobileCard };
}
