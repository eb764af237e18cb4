/**
 * The Stock page's "Counts" tab: the adjustments physical counts made (counted, on hand before,
 * difference and its value), pending ones first to see; an owner approves or rejects a pending
 * one (a supervisor's count worth more than the site's threshold).
 */
import type { StockAdjustment } from '@siteledger/domain';
import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateColumn, figureColumn } from '../../components/lines/columns';
import { Link } from 'react-router';
import { actionsColumn } from '../../components/list-page/actions-column';
import { entityFilter, selectFilter } from '../../components/list-page/list-filters';
import { ListSection } from '../../components/list-page/list-section';
import { buttonClasses } from '../../components/ui/button';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { useSession } from '../../lib/session';
import { permissionsFor } from '@siteledger/domain';
import { useStockAdjustments } from './api';
import { AdjustmentDecisionButtons, AdjustmentDecisionDialog } from './adjustment-decision';
import { adjustmentStatusOptions, AdjustmentStatusBadge, signedClass } from './stock-labels';
import { signedQuantity } from './count-form';
import { CardHead } from '../../components/list-page/card-head';

const FILTERS = ['status', 'item'] as const;
const NAMES = { ns: 'stock.counts', one: 'adjustment', many: 'adjustments' };

export function CountsTab() {
  const { t } = useTranslation();
  const { role } = useSession();
  const owner = role === 'owner';
  const can = permissionsFor(role);
  const list = useListParams({ sort: '-adjustment_date', filters: FILTERS });
  const adjustments = useStockAdjustments(list.query);
  const [deciding, setDeciding] = useState<{
    adjustment: StockAdjustment;
    action: 'approve' | 'reject';
  } | null>(null);
  const decide = (adjustment: StockAdjustment, action: 'approve' | 'reject') =>
    setDeciding({ adjustment, action });
  const { columns, mobileCard } = useAdjustmentColumns(owner ? decide : undefined);
  return (
    <>
      <ListSection
        list={list}
        names={NAMES}
        query={adjustments}
        columns={columns}
        mobileCard={mobileCard}
        label={t('stock.tabs.counts')}
        errorTitle={t('stock.errors.loadFailed')}
        dateRange
        filterBy={[
          selectFilter('status', adjustmentStatusOptions(t), { all: 'allStatuses' }),
          entityFilter('item', 'items', { all: 'allItems' }),
        ]}
        emptyIcon={<ClipboardCheck />}
        emptyAction={
          can.canCreate ? (
            <Link to="/stock/counts/new" className={buttonClasses('primary', 'md')}>
              {t('stock.actions.count')}
            </Link>
          ) : null
        }
      />
      {deciding ? (
        <AdjustmentDecisionDialog
          adjustment={deciding.adjustment}
          action={deciding.action}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </>
  );
}

function useAdjustmentColumns(
  decide?: (adjustment: StockAdjustment, action: 'approve' | 'reject') => void,
) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);
  const buttons = (row: StockAdjustment) =>
    decide && row.status === 'pending' ? (
      <AdjustmentDecisionButtons adjustment={row} onDecide={decide} />
    ) : null;
  const columns: DataTableColumn<StockAdjustment>[] = [
    dateColumn(t('stock.fields.countDate'), 'adjustment_date', (row) => date(row.adjustment_date)),
    {
      key: 'item',
      header: t('stock.fields.item'),
      cell: (row) => (
        <div className="min-w-0 max-w-xs">
          <p className="font-medium text-fg">{row.item_name}</p>
          <p className="truncate text-xs text-fg-muted">{row.reason}</p>
        </div>
      ),
    },
    figureColumn('counted', t('stock.fields.counted'), (row) =>
      formatQuantity(row.counted_quantity, row.unit),
    ),
    {
      key: 'difference',
      header: t('stock.fields.difference'),
      align: 'right',
      cell: (row) => (
        <span className={`whitespace-nowrap ${signedClass(row.difference)}`}>
          {signedQuantity(row.difference, row.unit)}
        </span>
      ),
    },
    {
      key: 'value',
      header: t('stock.fields.value'),
      align: 'right',
      hideBelow: 'lg',
      cell: (row) => (
        <span className={`whitespace-nowrap ${signedClass(row.value)}`}>
          {formatRupees(row.value)}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('stock.fields.status'),
      cell: (row) => (
        <AdjustmentStatusBadge status={row.status} testId={`adjustment-status-${row.id}`} />
      ),
    },
    ...(decide ? [actionsColumn(t, buttons)] : []),
  ];
  const mobileCard = (row: StockAdjustment) => (
    <div className="space-y-2">
      <CardHead
        title={row.item_name}
        subtitle={
          <>
            {date(row.adjustment_date)} · {row.reason}
          </>
        }
        aside={<AdjustmentStatusBadge status={row.status} />}
      />
      <div className="flex items-center justify-between gap-2 rounded-xl bg-surface-muted/70 px-3 py-2.5 text-sm">
        <span className="tabular-nums text-fg-muted">
          {t('stock.counts.countedOf', {
            counted: formatQuantity(row.counted_quantity, row.unit),
            before: formatQuantity(row.previous_quantity, row.unit),
          })}
        </span>
        <span className={signedClass(row.difference)}>
          {signedQuantity(row.difference, row.unit)}
        </span>
      </div>
      {buttons(row)}
    </div>
  );
  return { columns, mobileCard };
}
