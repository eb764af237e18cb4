/**
 * The Stock page's "Transfers" tab: transfers out of this site and into it, newest first, with
 * their direction and status ("sent" ones coming in wait for this site to receive them).
 */
import type { StockTransfer } from '@siteledger/domain';
import { ArrowLeftRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { figureColumn } from '../../components/lines/columns';
import { selectFilter } from '../../components/list-page/list-filters';
import { ListSection } from '../../components/list-page/list-section';
import { Button } from '../../components/ui/button';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { useStockTransfers } from './api';
import { directionOptions, TransferStatusBadge, transferStatusOptions } from './stock-labels';
import { TransferParty, transferItemsSummary } from './transfer-labels';

const FILTERS = ['direction', 'status'] as const;
const NAMES = { ns: 'stock.transfers', one: 'transfer', many: 'transfers' };

export function TransfersTab({ onAdd }: { onAdd?: (() => void) | undefined }) {
  const { t } = useTranslation();
  // Always newest first: the server lists both directions in one order.
  const list = useListParams({ filters: FILTERS });
  const transfers = useStockTransfers(list.query);
  const { columns, mobileCard } = useTransferColumns();
  return (
    <ListSection
      list={list}
      names={NAMES}
      query={transfers}
      columns={columns}
      mobileCard={mobileCard}
      rowHref={(row) => `/stock/transfers/${row.id}`}
      label={t('stock.tabs.transfers')}
      errorTitle={t('stock.errors.loadFailed')}
      dateRange
      filterBy={[
        selectFilter('direction', directionOptions(t), { all: 'allDirections' }),
        selectFilter('status', transferStatusOptions(t), { all: 'allStatuses' }),
      ]}
      emptyIcon={<ArrowLeftRight />}
      emptyAction={
        onAdd ? <Button onClick={() => onAdd()}>{t('stock.actions.transfer')}</Button> : null
      }
    />
  );
}

function useTransferColumns() {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);
  const columns: DataTableColumn<StockTransfer>[] = [
    {
      key: 'date',
      header: t('stock.fields.transferDate'),
      cell: (row) => <span className="whitespace-nowrap">{date(row.transfer_date)}</span>,
    },
    {
      key: 'site',
      header: t('stock.fields.otherSite'),
      cell: (row) => <TransferParty transfer={row} />,
    },
    {
      key: 'items',
      header: t('stock.fields.items'),
      cell: (row) => (
        <span className="block max-w-xs truncate text-fg-muted">
          {transferItemsSummary(t, row)}
        </span>
      ),
    },
    figureColumn('value', t('stock.fields.value'), (row) => formatRupees(row.total_value)),
    {
      key: 'status',
      header: t('stock.fields.status'),
      cell: (row) => (
        <TransferStatusBadge status={row.status} testId={`transfer-status-${row.id}`} />
      ),
    },
  ];
  const mobileCard = (row: StockTransfer) => (
    <div className="space-y-2">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <TransferParty transfer={row} />
          <p className="text-sm text-fg-muted">{date(row.transfer_date)}</p>
        </div>
        <TransferStatusBadge status={row.status} />
      </div>
      <div className="flex items-center justify-between gap-2 rounded-xl bg-surface-muted/70 px-3 py-2.5 text-sm">
        <span className="min-w-0 truncate text-fg-muted">{transferItemsSummary(t, row)}</span>
        <span className="font-medium tabular-nums text-fg">{formatRupees(row.total_value)}</span>
      </div>
    </div>
  );
  return { columns, mobileCard };
}
