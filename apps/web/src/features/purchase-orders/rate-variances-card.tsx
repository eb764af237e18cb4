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
const link = 'whitespace-nowrap font-medium text-primary hover:text-primary-hover';

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

/**
 * The variance table's columns and phone card. `siteWide`: every order's lines, so each row also
 * names its PO (a link) and vendor.
 */
export function useRateVarianceColumns(siteWide: boolean) {
  const { t, i18n } = useTranslation();
  const date = (row: RateVariance) => formatBusinessDate(row.delivery_date, i18n.language);
  const poLabel = (row: RateVariance) => row.purchase_order_number ?? t('purchaseOrders.draft');
  const orderColumns: DataTableColumn<RateVariance>[] = siteWide
    ? [
        {
          key: 'order',
          header: t('purchaseOrders.fields.number'),
          cell: (row) => (
            <Link to={`/purchase-orders/${row.purchase_order}`} className={link}>
              {poLabel(row)}
            </Link>
          ),
        },
        {
          key: 'vendor',
          header: t('purchaseOrders.fields.vendor'),
          cell: (row) => row.vendor_name,
        },
      ]
    : [];
  const columns: DataTableColumn<RateVariance>[] = [
    {
      key: 'delivery',
      header: t('purchaseOrders.variances.delivery'),
      cell: (row) => (
        <Link to={`/deliveries/${row.delivery}`} className={link}>
          {date(row)}
        </Link>
      ),
    },
    ...orderColumns,
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
      {siteWide ? (
        <p className="truncate text-fg-muted">
          <Link to={`/purchase-orders/${row.purchase_order}`} className={link}>
            {poLabel(row)}
          </Link>
          {` · ${row.vendor_name}`}
        </p>
      ) : null}
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
  return { columns, mobileCard };
}

export function RateVariancesCard({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const variances = useRateVariances(orderId);
  const { columns, mobileCard } = useRateVarianceColumns(false);
  const rows = variances.data?.items ?? [];
  if (rows.length === 0) return null;
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
