/** Delivery lines received against this order at another rate than the order's (none: hidden). */
import { formatInr, toPaise, type RateVariance } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionHeading } from '../../components/record-detail/figure-card';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { formatQuantity } from '../../components/ui/quantity-field';
import { cn } from '../../lib/cn';
import { formatBusinessDate } from '../../lib/dates';
import { useRateVariances } from './api';

const rupees = (value: number) => formatInr(toPaise(value));

/** +₹2.50 (red: billed above the order) or −₹1.00 (green). */
function Signed({ value }: { value: number }) {
  return (
    <span
      className={cn(
        'whitespace-nowrap font-medium tabular-nums',
        value > 0 ? 'text-danger' : 'text-success-soft-fg',
      )}
    >
      {value > 0 ? '+' : '−'}
      {rupees(Math.abs(value))}
    </span>
  );
}

export function RateVariancesCard({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation();
  const variances = useRateVariances(orderId);
  const rows = variances.data?.items ?? [];
  if (rows.length === 0) return null;
  const date = (row: RateVariance) => formatBusinessDate(row.delivery_date, i18n.language);
  const columns: DataTableColumn<RateVariance>[] = [
    {
      key: 'delivery',
      header: t('purchaseOrders.variances.delivery'),
      cell: (row) => (
        <Link
          to={`/deliveries/${row.delivery}`}
          className="whitespace-nowrap font-medium text-primary hover:text-primary-hover"
        >
          {date(row)}
        </Link>
      ),
    },
    { key: 'item', header: t('purchaseOrders.fields.item'), cell: (row) => row.item_name },
    {
      key: 'quantity',
      header: t('purchaseOrders.fields.quantity'),
      align: 'right',
      cell: (row) => formatQuantity(row.quantity, row.unit),
    },
    {
      key: 'po',
      header: t('purchaseOrders.variances.poRate'),
      align: 'right',
      cell: (row) => rupees(row.po_unit_price),
    },
    {
      key: 'billed',
      header: t('purchaseOrders.variances.billedRate'),
      align: 'right',
      cell: (row) => rupees(row.unit_price),
    },
    {
      key: 'difference',
      header: t('purchaseOrders.variances.difference'),
      align: 'right',
      cell: (row) => <Signed value={row.difference} />,
    },
    {
      key: 'amount',
      header: t('purchaseOrders.variances.amount'),
      align: 'right',
      cell: (row) => <Signed value={row.variance_amount} />,
    },
  ];
  const mobileCard = (row: RateVariance) => (
    <div className="space-y-1.5 text-sm">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 truncate font-semibold text-fg">{row.item_name}</p>
        <Signed value={row.variance_amount} />
      </div>
      <p className="text-fg-muted">
        {t('purchaseOrders.variances.summary', {
          date: date(row),
          quantity: formatQuantity(row.quantity, row.unit),
          po: rupees(row.po_unit_price),
          billed: rupees(row.unit_price),
        })}
      </p>
    </div>
  );
  return (
    <section aria-labelledby="po-variances-title" data-testid="po-variances">
      <SectionHeading
        id="po-variances-title"
        title={t('purchaseOrders.variances.title')}
        count={rows.length}
        description={t('purchaseOrders.variances.description')}
      />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.delivery_item}
        mobileCard={mobileCard}
        label={t('purchaseOrders.variances.title')}
        testId="po-variances-table"
      />
    </section>
  );
}
