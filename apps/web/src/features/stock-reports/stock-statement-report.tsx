/**
 * "Period statement": per item, the opening stock, what came in (deliveries, transfers in,
 * counts that found more), what went out (returns, consumption, transfers out, counts that
 * found less) and the closing stock, in quantity and value; the value totals under it.
 */
import type { StockStatementRow } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatRupees } from '../../lib/format';
import { useStockStatement } from './api';
import type { Period } from './stock-period';
import { StockReportTable } from './stock-report-table';

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
      <StockReportTable
        report={statement}
        view={{ columns, mobileCard }}
        kind="statement"
        totals={(data) =>
          FIGURES.map((figure) => ({
            key: figure,
            label: t('stockReports.statement.valueOf', { figure: label(figure) }),
            value: formatRupees(data.totals[`${figure}_value`]),
          }))
        }
      />
    </div>
  );
}
