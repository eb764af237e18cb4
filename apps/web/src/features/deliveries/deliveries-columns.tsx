import { formatInr, toPaise, type Delivery } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/ui/data-table';
import { StatusBadge } from '../../components/ui/status-badge';
import { formatDeliveryDate } from './format-date';
import { CardHead } from '../../components/list-page/card-head';

const rupees = (value: number) => formatInr(toPaise(value));

/** "OPC cement, River sand +2" from the expanded lines. */
function ItemsSummary({ delivery, max = 2 }: { delivery: Delivery; max?: number }) {
  const { t } = useTranslation();
  const lines = delivery.delivery_items ?? [];
  const names = lines.map((line) => line.expand?.item?.name ?? '—');
  const shown = names.slice(0, max).join(', ');
  const more = names.length - max;
  return (
    <span className="block min-w-0 truncate text-fg-muted" title={names.join(', ')}>
      {shown}
      {more > 0 ? ` ${t('deliveries.list.more', { count: more })}` : ''}
    </span>
  );
}

/** The deliveries list's columns and phone card. */
export function useDeliveryColumns() {
  const { t, i18n } = useTranslation();
  const date = (d: Delivery) => formatDeliveryDate(d.delivery_date, i18n.language);
  const lineCount = (d: Delivery) =>
    t('deliveries.list.lines', { count: d.delivery_items?.length ?? 0 });

  const columns: DataTableColumn<Delivery>[] = [
    {
      key: 'date',
      header: t('deliveries.fields.date'),
      sortKey: 'delivery_date',
      firstDirection: 'desc',
      cell: (d) => <span className="whitespace-nowrap tabular-nums">{date(d)}</span>,
    },
    {
      key: 'vendor',
      header: t('deliveries.fields.vendor'),
      cell: (d) => (
        <div className="min-w-0 max-w-52">
          <p className="truncate font-medium text-fg">{d.expand?.vendor?.name ?? '—'}</p>
          {d.expand?.vendor?.company_name ? (
            <p className="truncate text-xs text-fg-muted">{d.expand.vendor.company_name}</p>
          ) : null}
        </div>
      ),
    },
    {
      key: 'reference',
      header: t('deliveries.fields.reference'),
      sortKey: 'delivery_reference',
      hideBelow: 'lg',
      cell: (d) =>
        d.delivery_reference ? (
          <span className="whitespace-nowrap">{d.delivery_reference}</span>
        ) : (
          <span className="text-fg-subtle">—</span>
        ),
    },
    {
      key: 'items',
      header: t('deliveries.fields.items'),
      hideBelow: 'xl',
      cell: (d) => (
        <div className="min-w-0 max-w-48">
          <p className="text-xs font-medium text-fg">{lineCount(d)}</p>
          <ItemsSummary delivery={d} />
        </div>
      ),
    },
    {
      key: 'total',
      header: t('deliveries.fields.total'),
      sortKey: 'total_amount',
      firstDirection: 'desc',
      align: 'right',
      cell: (d) => <span className="font-semibold">{rupees(d.total_amount)}</span>,
    },
    {
      key: 'paid',
      header: t('deliveries.fields.paid'),
      align: 'right',
      hideBelow: 'lg',
      cell: (d) => <span className="text-fg-muted">{rupees(d.paid_amount)}</span>,
    },
    {
      key: 'status',
      header: t('deliveries.fields.statusShort'),
      sortKey: 'payment_status',
      cell: (d) => (
        <StatusBadge kind="payment" status={d.payment_status} testId={`delivery-status-${d.id}`} />
      ),
    },
  ];

  const mobileCard = (d: Delivery) => (
    <div className="space-y-3">
      <CardHead
        title={d.expand?.vendor?.name ?? '—'}
        subtitle={
          <>
            <span className="tabular-nums">{date(d)}</span>
            {d.delivery_reference ? ` · ${d.delivery_reference}` : ''}
          </>
        }
        aside={<StatusBadge kind="payment" status={d.payment_status} />}
      />
      <div className="flex items-end justify-between gap-3 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <div className="min-w-0">
          <p className="text-xs text-fg-muted">{lineCount(d)}</p>
          <ItemsSummary delivery={d} max={2} />
        </div>
        <p className="shrink-0 text-right text-base font-semibold tabular-nums text-fg">
          {rupees(d.total_amount)}
        </p>
      </div>
    </div>
  );

  return { columns, mobileCard };
}
