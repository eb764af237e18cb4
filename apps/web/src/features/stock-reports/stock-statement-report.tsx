/**
 * "Period statement": per item, the opening stock, what came in (deliveries, transfers in,
 * counts that found more), what went out (returns, consumption, transfers out, counts that
 * found less) and the closing stock, in quantity and value; the value totals under it.
 */
import type { StockStatementRow } from '@siteledger/domain';
import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatRupees } from '../../lib/format';
import { useStockStatement } from './api';
import { ReportTotals } from './report-totals';
import type { Period } from './stock-period';

type Figure = 'opening' | 'in' | 'out' | 'closing';
const FIGURES: readonly Figure[] = ['opening', 'in', 'out', 'closing'];

const quantityOf = (row: StockStatementRow, figure: Figure) => row[`${figure}_quantity`];
const valueOf = (row: StockStatementRow, figure: Figure) => row[`${figure}_value`];

/** A quantity over its value, both right-aligned. */
function Cell({ row, figure }: { row: StockStatementRow; figure: Figure }) {
  const quantity = quantityOf(row, figure);
  return (
    <span className="block whitespace-nowrap">
      <span className={`block ${quantity < 0 ? 'text-danger' : 'text-fg'}`}>
        {formatQuantity(quantity)}
      </span>
      <span className="block text-xs text-fg-muted">{formatRupees(valueOf(row, figure))}</span>
    </span>
  );
}

export function StockStatementReport({ period }: { period: Period }) {
  const { t } = useTranslation();
  const statement = useStockStatement(period);
  const data = statement.data;
  const label = (figure: Figure) => t(`stockReports.statement.${figure}`);

  const columns: DataTableColumn<StockStatementRow>[] = [
    {
      key: 'item',
      header: t('stockReports.columns.item'),
      cell: (row) => (
        <span className="block min-w-0 max-w-56">
          <span className="block truncate font-medium text-fg">{row.name}</span>
          <span className="block text-xs text-fg-muted">{row.unit}</span>
        </span>
      ),
    },
    ...FIGURES.map((figure): DataTableColumn<StockStatementRow> => ({
      key: figure,
      header: label(figure),
      align: 'right',
      cell: (row) => <Cell row={row} figure={figure} />,
    })),
  ];

  const mobileCard = (row: StockStatementRow) => (
    <div className="space-y-2">
      <p className="truncate font-medium text-fg">
        {row.name} <span className="text-sm font-normal text-fg-muted">· {row.unit}</span>
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl bg-surface-muted/70 p-3 text-sm">
        {FIGURES.map((figure) => (
          <div key={figure} className="min-w-0">
            <dt className="text-xs text-fg-muted">{label(figure)}</dt>
            <dd className="tabular-nums">
              <Cell row={row} figure={figure} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );

  return (
    <div className="space-y-4">
      <DataTable
        columns={columns}
        rows={data?.items}
        rowKey={(row) => row.item}
        loading={statement.isPending}
        fetching={statement.isPlaceholderData}
        error={statement.error}
        errorTitle={t('stockReports.loadFailed')}
        onRetry={() => void statement.refetch()}
        rowHref={(row) => `/items/${row.item}`}
        mobileCard={mobileCard}
        label={t('stockReports.statement.title')}
        testId="stock-statement-table"
        rowTestId={(row) => `stock-statement-row-${row.item}`}
        empty={
          <EmptyState
            icon={<ScrollText aria-hidden="true" />}
            title={t('stockReports.statement.emptyTitle')}
            description={t('stockReports.statement.emptyText')}
          />
        }
      />
      {data && data.items.length > 0 ? (
        <ReportTotals
          testId="stock-statement-totals"
          totals={FIGURES.map((figure) => ({
            key: figure,
            label: t('stockReports.statement.valueOf', { figure: label(figure) }),
            value: formatRupees(data.totals[`${figure}_value`]),
          }))}
        />
      ) : null}
    </div>
  );
}
