import type { WorkOrder } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { figureColumn } from '../../components/lines/columns';
import { CardHead } from '../../components/list-page/card-head';
import type { DataTableColumn } from '../../components/ui/data-table';
import { rupees, woNumber, WoStatusBadge } from './wo-labels';

/** The work orders list's columns (number, title, vendor, total, billed, status) and phone card. */
export function useWorkOrderColumns() {
  const { t } = useTranslation();
  const number = (order: WorkOrder) => (
    <span
      className={order.number ? 'whitespace-nowrap font-medium text-fg' : 'italic text-fg-muted'}
    >
      {woNumber(t, order)}
    </span>
  );
  const vendorName = (order: WorkOrder) => order.expand?.vendor?.name ?? '—';

  const columns: DataTableColumn<WorkOrder>[] = [
    { key: 'number', header: t('workOrders.fields.number'), sortKey: 'number', cell: number },
    {
      key: 'title',
      header: t('workOrders.fields.title'),
      sortKey: 'title',
      cell: (order) => (
        <p className="min-w-0 max-w-64 truncate font-medium text-fg">{order.title}</p>
      ),
    },
    {
      key: 'vendor',
      header: t('workOrders.fields.vendor'),
      hideBelow: 'lg',
      cell: (order) => (
        <p className="min-w-0 max-w-52 truncate text-fg-muted">{vendorName(order)}</p>
      ),
    },
    figureColumn('total', t('workOrders.fields.total'), (order) => rupees(order.total_amount), {
      sortKey: 'total_amount',
      firstDirection: 'desc',
      tone: 'font-medium text-fg',
    }),
    figureColumn('billed', t('workOrders.fields.billed'), (order) => rupees(order.billed_amount), {
      tone: 'text-fg-muted',
    }),
    {
      key: 'status',
      header: t('workOrders.fields.status'),
      sortKey: 'status',
      cell: (order) => <WoStatusBadge status={order.status} testId={`wo-status-${order.id}`} />,
    },
  ];

  const mobileCard = (order: WorkOrder) => (
    <div className="space-y-2.5">
      <CardHead
        title={order.title}
        subtitle={
          <>
            {number(order)} · {vendorName(order)}
          </>
        }
        aside={
          <p className="shrink-0 text-base font-semibold tabular-nums text-fg">
            {rupees(order.total_amount)}
          </p>
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface-muted/70 px-3 py-2 text-sm">
        <WoStatusBadge status={order.status} />
        <span className="tabular-nums text-fg-muted">
          {t('workOrders.list.billed', { amount: rupees(order.billed_amount) })}
        </span>
      </div>
    </div>
  );

  return { columns, mobileCard };
}
