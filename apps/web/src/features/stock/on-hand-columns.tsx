import type { StockRow } from '@siteledger/domain';
import { PackageMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { figureColumn } from '../../components/lines/columns';
import { actionsColumn } from '../../components/list-page/actions-column';
import { Button } from '../../components/ui/button';
import { useQueuedOf } from '../../components/queued-records';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatRupees } from '../../lib/format';
import { readBody } from '../../lib/offline-queue';
import { LowBadge } from './stock-labels';
import { CardHead } from '../../components/list-page/card-head';

const dash = <span className="text-fg-subtle">—</span>;

/** The on-hand table's columns and phone card; `onRecordUse` adds each row's "Record use". */
export function useOnHandColumns(onRecordUse?: (item: string) => void) {
  const { t } = useTranslation();
  const waiting = useWaitingUse();
  const onHandCell = (row: StockRow) => (
    <span className="inline-flex flex-col items-end">
      <span
        className={row.low ? 'font-semibold text-danger' : 'font-semibold text-fg'}
        data-testid={`stock-on-hand-${row.item}`}
        data-value={row.on_hand}
      >
        {formatQuantity(row.on_hand, row.unit)}
      </span>
      {waiting.has(row.item) ? (
        <span
          className="text-xs font-medium text-warning-soft-fg"
          data-testid={`stock-waiting-${row.item}`}
        >
          {t('stock.onHand.waitingUse', {
            quantity: formatQuantity(-(waiting.get(row.item) ?? 0), row.unit),
          })}
        </span>
      ) : null}
    </span>
  );
  const recordUseButton = (row: StockRow) =>
    onRecordUse ? (
      <Button
        variant="ghost"
        size="sm"
        icon={<PackageMinus className="size-4" aria-hidden="true" />}
        onClick={() => onRecordUse(row.item)}
        aria-label={t('stock.onHand.recordUseOf', { name: row.name })}
        data-testid={`stock-use-${row.item}`}
      >
        {t('stock.onHand.recordUse')}
      </Button>
    ) : null;

  const columns: DataTableColumn<StockRow>[] = [
    {
      key: 'item',
      header: t('stock.fields.item'),
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-fg">{row.name}</span>
          {row.low ? <LowBadge testId={`stock-low-${row.item}`} /> : null}
        </span>
      ),
    },
    figureColumn('on_hand', t('stock.fields.onHand'), onHandCell),
    figureColumn(
      'average_cost',
      t('stock.fields.averageCost'),
      (row) => formatRupees(row.average_cost),
      { hideBelow: 'lg' },
    ),
    figureColumn('value', t('stock.fields.value'), (row) => formatRupees(row.value)),
    {
      key: 'min',
      header: t('stock.fields.minLevel'),
      align: 'right',
      hideBelow: 'lg',
      cell: (row) =>
        row.min_stock_level === null ? (
          dash
        ) : (
          <span className="whitespace-nowrap tabular-nums text-fg-muted">
            {formatQuantity(row.min_stock_level, row.unit)}
          </span>
        ),
    },
    ...(onRecordUse ? [actionsColumn(t, recordUseButton)] : []),
  ];

  const mobileCard = (row: StockRow) => (
    <div className="space-y-2">
      <CardHead
        title={row.name}
        subtitle={
          <>
            {t('stock.onHand.averageAt', { amount: formatRupees(row.average_cost) })}
            {row.min_stock_level !== null
              ? ` · ${t('stock.onHand.minAt', { quantity: formatQuantity(row.min_stock_level, row.unit) })}`
              : ''}
          </>
        }
        aside={row.low ? <LowBadge testId={`stock-low-${row.item}`} /> : null}
      />
      <div className="flex items-center justify-between gap-2 rounded-xl bg-surface-muted/70 px-3 py-2.5 text-sm tabular-nums">
        {onHandCell(row)}
        <span className="font-medium text-fg">{formatRupees(row.value)}</span>
      </div>
      {recordUseButton(row)}
    </div>
  );

  return { columns, mobileCard };
}

/** Use recorded on this device and not yet sent, per item (thousandths summed exactly). */
function useWaitingUse(): Map<string, number> {
  const entries = useQueuedOf('stock_consumptions');
  const totals = new Map<string, number>();
  for (const entry of entries) {
    const body = readBody(entry.body);
    const item = body.text('item');
    const quantity = body.num('quantity');
    if (!item || quantity === undefined) continue;
    totals.set(item, (totals.get(item) ?? 0) + Math.round(quantity * 1000));
  }
  return new Map([...totals].map(([item, milli]) => [item, milli / 1000]));
}
