import type { ItemStats } from '@siteledger/domain';
import { Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatRupees } from '../../lib/format';
import { formatIsoDate } from '../../components/record-detail/dates';
import { CompactEmpty, SectionHeading } from '../../components/record-detail/figure-card';

type DeliveryLine = ItemStats['deliveries'][number];

const vendorLinkClass =
  'font-medium text-fg hover:text-primary hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring';

/** Every delivery line of the item, newest first (as the stats endpoint orders them). */
export function ItemDeliveryHistory({
  lines,
  unit,
  loading,
  error,
  onRetry,
  canRecord,
}: {
  lines: DeliveryLine[] | undefined;
  unit: string;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  canRecord: boolean;
}) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatIsoDate(iso, i18n.language);

  const columns: DataTableColumn<DeliveryLine>[] = [
    {
      key: 'date',
      header: t('items.detail.history.date'),
      cell: (line) => <span className="whitespace-nowrap">{date(line.delivery_date)}</span>,
    },
    {
      key: 'vendor',
      header: t('items.detail.history.vendor'),
      cell: (line) => (
        <Link to={`/vendors/${line.vendor}`} className={vendorLinkClass}>
          {line.vendor_name}
        </Link>
      ),
    },
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
    {
      key: 'total',
      header: t('items.detail.history.total'),
      align: 'right',
      cell: (line) => <span className="font-semibold">{formatRupees(line.total_amount)}</span>,
    },
  ];

  const mobileCard = (line: DeliveryLine) => (
    <div className="space-y-2.5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link to={`/vendors/${line.vendor}`} className={`block truncate ${vendorLinkClass}`}>
            {line.vendor_name}
          </Link>
          <p className="text-sm text-fg-muted">
            {date(line.delivery_date)}
            {line.delivery_reference ? ` · ${line.delivery_reference}` : ''}
          </p>
        </div>
        <p className="shrink-0 text-base font-semibold tabular-nums text-fg">
          {formatRupees(line.total_amount)}
        </p>
      </div>
      <p className="rounded-lg bg-surface-muted/70 px-3 py-2 text-sm tabular-nums text-fg-muted">
        {t('items.detail.history.lineSummary', {
          quantity: formatQuantity(line.quantity, unit),
          price: formatRupees(line.unit_price),
        })}
      </p>
    </div>
  );

  return (
    <section aria-labelledby="item-history-heading">
      <SectionHeading
        id="item-history-heading"
        title={t('items.detail.history.title')}
        count={lines?.length}
        description={t('items.detail.history.description')}
      />
      <DataTable
        columns={columns}
        rows={lines}
        rowKey={(line) => line.id}
        loading={loading}
        error={error}
        onRetry={onRetry}
        rowHref={(line) => `/deliveries/${line.delivery}`}
        mobileCard={mobileCard}
        skeletonRows={3}
        label={t('items.detail.history.title')}
        testId="item-history"
        rowTestId={(line) => `item-history-row-${line.id}`}
        empty={
          <CompactEmpty
            icon={Truck}
            title={t('items.detail.history.emptyTitle')}
            description={t('items.detail.history.emptyDescription')}
            action={
              canRecord ? (
                <Link to="/deliveries" className={buttonClasses('secondary', 'md')}>
                  {t('items.detail.history.goToDeliveries')}
                </Link>
              ) : null
            }
          />
        }
      />
    </section>
  );
}
