import { formatInr, toPaise, type PurchaseOrder } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { dateColumn, figureColumn } from '../../components/lines/columns';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatBusinessDate } from '../../lib/dates';
import { PoProgress, PoStatusBadge, poNumber } from './po-labels';
import { CardHead } from '../../components/list-page/card-head';

const rupees = (value: number) => formatInr(toPaise(value));

/** The purchase orders list's columns and phone card. */
export function usePurchaseOrderColumns() {
  const { t, i18n } = useTranslation();
  const date = (iso: string | null) => (iso ? formatBusinessDate(iso, i18n.language) : '—');
  const number = (order: PurchaseOrder) => (
    <span
      className={order.number ? 'whitespace-nowrap font-medium text-fg' : 'italic text-fg-muted'}
    >
      {poNumber(t, order)}
    </span>
  );
  const vendorName = (order: PurchaseOrder) => order.expand?.vendor?.name ?? '—';

  const columns: DataTableColumn<PurchaseOrder>[] = [
    {
      key: 'number',
      header: t('purchaseOrders.fields.number'),
      sortKey: 'number',
      cell: number,
    },
    {
      key: 'vendor',
      header: t('purchaseOrders.fields.vendor'),
      cell: (order) => (
        <p className="min-w-0 max-w-52 truncate font-medium text-fg">{vendorName(order)}</p>
      ),
    },
    dateColumn(
      t('purchaseOrders.fields.orderDate'),
      'order_date',
      (order) => date(order.order_date),
      {
        key: 'order_date',
        tone: 'tabular-nums',
      },
    ),
    {
      key: 'expected_date',
      header: t('purchaseOrders.fields.expectedDate'),
      sortKey: 'expected_date',
      hideBelow: 'lg',
      cell: (order) => (
        <span className="whitespace-nowrap tabular-nums text-fg-muted">
          {date(order.expected_date)}
        </span>
      ),
    },
    figureColumn('total', t('purchaseOrders.fields.total'), (order) => rupees(order.total_amount), {
      sortKey: 'total_amount',
      firstDirection: 'desc',
      tone: 'font-medium text-fg',
    }),
    {
      key: 'status',
      header: t('purchaseOrders.fields.status'),
      sortKey: 'status',
      cell: (order) => <PoStatusBadge status={order.status} testId={`po-status-${order.id}`} />,
    },
    {
      key: 'progress',
      header: t('purchaseOrders.fields.progress'),
      hideBelow: 'lg',
      cell: (order) => <PoProgress order={order} />,
    },
  ];

  const mobileCard = (order: PurchaseOrder) => (
    <div className="space-y-2.5">
      <CardHead
        title={vendorName(order)}
        subtitle={
          <>
            {number(order)} · {date(order.order_date)}
          </>
        }
        aside={
          <p className="shrink-0 text-base font-semibold tabular-nums text-fg">
            {rupees(order.total_amount)}
          </p>
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface-muted/70 px-3 py-2 text-sm">
        <PoStatusBadge status={order.status} />
        <PoProgress order={order} />
      </div>
      {order.expected_date ? (
        <p className="text-xs text-fg-muted">
          {t('purchaseOrders.list.expected', { date: date(order.expected_date) })}
        </p>
      ) : null}
    </div>
  );

  return { columns, mobileCard };
}
