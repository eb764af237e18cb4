/**
 * The Stock page's "On hand" tab: every item's stock on hand with its average cost and value,
 * low-stock items first (the server's order); search by name, low stock only, stock as of a date,
 * and the total value. Rows open the item's page (its movements).
 */
import type { StockRow } from '@siteledger/domain';
import { Warehouse } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListEmpty } from '../../components/list-page/list-empty';
import { DataTable } from '../../components/ui/data-table';
import { FilterSelect, ListToolbar } from '../../components/ui/list-toolbar';
import { CompactDate } from '../../components/ui/toolbar-controls';
import { todayIso } from '../../components/ui/date-field';
import { useListParams } from '../../lib/list-params';
import { useStock } from './api';
import { StockSummary } from './stock-summary';
import { useOnHandColumns } from './on-hand-columns';

const FILTERS = ['low', 'date'] as const;

export function OnHandTab({ onRecordUse }: { onRecordUse?: ((item: string) => void) | undefined }) {
  const { t } = useTranslation();
  const list = useListParams({ filters: FILTERS });
  const low = list.filters.low === '1';
  const date = list.filters.date ?? '';
  const stock = useStock({ q: list.q, low, date });
  const { columns, mobileCard } = useOnHandColumns(onRecordUse);
  const rows = stock.data?.items;

  return (
    <div className="space-y-4">
      <ListToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        searchPlaceholder={t('stock.onHand.searchPlaceholder')}
        hasFilters={list.hasFilters}
        onClear={list.clearFilters}
        activeFilters={Number(low) + Number(Boolean(date))}
        testId="stock-toolbar"
        filters={
          <>
            <FilterSelect
              label={t('stock.onHand.show')}
              allLabel={t('stock.onHand.allItems')}
              value={low ? '1' : ''}
              onChange={(value) => list.setFilter('low', value)}
              options={[{ value: '1', label: t('stock.onHand.lowOnly') }]}
              testId="stock-filter-low"
            />
            <CompactDate
              label={t('stock.onHand.asOf')}
              value={date}
              max={todayIso()}
              onChange={(value) => list.setFilter('date', value)}
              testId="stock-filter-date"
            />
          </>
        }
      />
      {stock.data ? <StockSummary report={stock.data} /> : null}
      <DataTable<StockRow>
        columns={columns}
        rows={rows}
        rowKey={(row) => row.item}
        loading={stock.isPending}
        fetching={stock.isPlaceholderData}
        error={stock.error}
        errorTitle={t('stock.errors.loadFailed')}
        onRetry={() => void stock.refetch()}
        rowHref={(row) => `/items/${row.item}`}
        mobileCard={mobileCard}
        label={t('stock.tabs.onHand')}
        testId="stock-table"
        rowTestId={(row) => `stock-row-${row.item}`}
        empty={<ListEmpty list={list} ns="stock.onHand" icon={<Warehouse />} />}
      />
    </div>
  );
}
