import type { ItemStats } from '@siteledger/domain';
import { Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatRupees } from '../../lib/format';
import { formatIsoDate } from '../../components/record-detail/dates';
import {
  HistoryCard,
  historyColumns,
  HistorySection,
  type HistoryFeed,
} from '../../components/record-detail/history-section';

type DeliveryLine = ItemStats['deliveries'][number];

/** Every delivery line of the item, newest first (as the stats endpoint orders them). */
export function ItemDeliveryHistory({
  lines,
  unit,
  ...feed
}: HistoryFeed & { lines: DeliveryLine[] | undefined; unit: string }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatIsoDate(iso, i18n.language);
  const shared = historyColumns<DeliveryLine>({
    vendor: t('items.detail.history.vendor'),
    total: t('items.detail.history.total'),
  });

  const columns: DataTableColumn<DeliveryLine>[] = [
    {
      key: 'date',
      header: t('items.detail.history.date'),
      cell: (line) => <span className="whitespace-nowrap">{date(line.delivery_date)}</span>,
    },
    shared.vendor,
    {
      key: 'reference',
      header: t('items.detail.history.reference'),
      hideBelow: 'lg',
      cell: (line) =>
        line.delivery_reference ? (
          <span className="text-fg-muted">{line.delivery_reference}</span>
        ) : (
          <span className="text-fg-subtle">—</span>
        ),
    },
    {
      key: 'quantity',
      header: t('items.detail.history.quantity'),
      align: 'right',
      cell: (line) => formatQuantity(line.quantity, unit),
    },
    {
      key: 'unitPrice',
      header: t('items.detail.history.unitPrice'),
      align: 'right',
      cell: (line) => formatRupees(line.unit_price),
    },
    shared.total,
  ];

  const mobileCard = (line: DeliveryLine) => (
    <HistoryCard
      row={line}
      subtitle={
        <>
          {date(line.delivery_date)}
          {line.delivery_reference ? ` · ${line.delivery_reference}` : ''}
        </>
      }
    >
      <p className="rounded-lg bg-surface-muted/70 px-3 py-2 text-sm tabular-nums text-fg-muted">
        {t('items.detail.history.lineSummary', {
          quantity: formatQuantity(line.quantity, unit),
          price: formatRupees(line.unit_price),
        })}
      </p>
    </HistoryCard>
  );

  return (
    <HistorySection
      id="item-history-heading"
      keyPrefix="items.detail.history"
      rows={lines}
      columns={columns}
      mobileCard={mobileCard}
      rowHref={(line) => `/deliveries/${line.delivery}`}
      feed={feed}
      testId="item-history"
      empty={{ icon: Truck, to: '/deliveries', linkKey: 'goToDeliveries' }}
    />
  );
}
