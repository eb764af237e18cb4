/**
 * The Stock page's "Consumption" tab: what was used, newest first, by item and date; search
 * finds the work ("slab") and notes. Rows open the consumption's page.
 */
import type { StockConsumption } from '@siteledger/domain';
import { PackageMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dateColumn, figureColumn } from '../../components/lines/columns';
import { entityFilter } from '../../components/list-page/list-filters';
import { ListSection } from '../../components/list-page/list-section';
import { Button } from '../../components/ui/button';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { useStockConsumptions } from './api';
import { CardHead } from '../../components/list-page/card-head';

const FILTERS = ['item'] as const;
const NAMES = { ns: 'stock.consumptions', one: 'consumption', many: 'consumptions' };

export function ConsumptionTab({ onAdd }: { onAdd?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const list = useListParams({ sort: '-consumption_date', filters: FILTERS });
  const consumptions = useStockConsumptions(list.query);
  const { columns, mobileCard } = useConsumptionColumns();
  return (
    <ListSection
      list={list}
      names={NAMES}
      query={consumptions}
      columns={columns}
      mobileCard={mobileCard}
      rowHref={(row) => `/stock/${row.id}`}
      label={t('stock.tabs.consumption')}
      errorTitle={t('stock.errors.loadFailed')}
      dateRange
      filterBy={[entityFilter('item', 'items', { all: 'allItems' })]}
      emptyIcon={<PackageMinus />}
      emptyAction={
        onAdd ? (
          <Button onClick={() => onAdd()}>{t('stock.actions.recordConsumption')}</Button>
        ) : null
      }
    />
  );
}

function useConsumptionColumns() {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);
  const work = (row: StockConsumption) =>
    row.used_for ? (
      <span className="text-fg">{row.used_for}</span>
    ) : (
      <span className="text-fg-subtle">—</span>
    );
  const columns: DataTableColumn<StockConsumption>[] = [
    dateColumn(t('stock.fields.consumptionDate'), 'consumption_date', (row) =>
      date(row.consumption_date),
    ),
    {
      key: 'item',
      header: t('stock.fields.item'),
      cell: (row) => <span className="font-medium text-fg">{row.item_name}</span>,
    },
    figureColumn('quantity', t('stock.fields.quantity'), (row) =>
      formatQuantity(row.quantity, row.unit),
    ),
    { key: 'used_for', header: t('stock.fields.usedFor'), cell: work },
    {
      key: 'by',
      header: t('stock.fields.recordedBy'),
      hideBelow: 'lg',
      cell: (row) => <span className="text-fg-muted">{row.created_by_name ?? '—'}</span>,
    },
    figureColumn('value', t('stock.fields.value'), (row) => formatRupees(row.value)),
  ];
  const mobileCard = (row: StockConsumption) => (
    <div className="space-y-2">
      <CardHead
        title={row.item_name}
        subtitle={
          <>
            {date(row.consumption_date)}
            {row.used_for ? ` · ${row.used_for}` : ''}
          </>
        }
        aside={
          <span className="whitespace-nowrap font-semibold tabular-nums text-fg">
            {formatQuantity(row.quantity, row.unit)}
          </span>
        }
      />
      <p className="text-right text-sm tabular-nums text-fg-muted">{formatRupees(row.value)}</p>
    </div>
  );
  return { columns, mobileCard };
}
