import type { Delivery } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/ui/data-table';
import { StatusBadge } from '../../components/ui/status-badge';
import { formatRupees } from '../../lib/format';
import { MoneyPair } from './vendor-activity-parts';
import { formatDay } from './vendor-format';

/** The vendor's deliveries table: date, reference, total, paid and payment status. */
export function useVendorDeliveryColumns() {
  const { t, i18n } = useTranslation();
  const reference = (d: Delivery) =>
    d.delivery_reference ? (
      <span className="text-fg">{d.delivery_reference}</span>
    ) : (
      <span className="text-fg-subtle">{t('vendors.detail.noReference')}</span>
    );

  const columns: DataTableColumn<Delivery>[] = [
    {
      key: 'date',
      header: t('vendors.detail.columns.date'),
      cell: (d) => (
        <span className="whitespace-nowrap">{formatDay(d.delivery_date, i18n.language)}</span>
      ),
    },
    { key: 'reference', header: t('vendors.detail.columns.reference'), cell: reference },
    {
      key: 'total',
      header: t('vendors.detail.columns.total'),
      align: 'right',
      cell: (d) => <span className="font-medium">{formatRupees(d.total_amount)}</span>,
    },
    {
      key: 'paid',
      header: t('vendors.detail.columns.paid'),
      align: 'right',
      cell: (d) => formatRupees(d.paid_amount),
    },
    {
      key: 'status',
      header: t('vendors.detail.columns.payment'),
      align: 'right',
      cell: (d) => <StatusBadge kind="payment" status={d.payment_status} />,
    },
  ];

  const mobileCard = (d: Delivery) => (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-fg">{formatDay(d.delivery_date, i18n.language)}</p>
          <p className="truncate text-sm">{reference(d)}</p>
        </div>
        <StatusBadge kind="payment" status={d.payment_status} />
      </div>
      <dl className="grid grid-cols-2 gap-2 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <MoneyPair label={t('vendors.detail.columns.total')} value={d.total_amount} />
        <MoneyPair
          label={t('vendors.detail.columns.paid')}
          value={d.paid_amount}
          className="text-right"
        />
      </dl>
    </div>
  );

  return { columns, mobileCard };
}
