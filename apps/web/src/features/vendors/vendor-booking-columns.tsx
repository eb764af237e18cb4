import { formatInr, toPaise, toRupees, type ServiceBooking } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatQuantity } from '../../components/ui/quantity-field';
import { StatusBadge } from '../../components/ui/status-badge';
import { formatGstRate } from '../../components/gst/gst-figures';
import { MoneyPair } from './vendor-activity-parts';
import { formatDay } from './vendor-format';

/** The vendor's bookings table: service, dates, duration, total, status and payment status. */
export function useVendorBookingColumns() {
  const { t, i18n } = useTranslation();
  const dates = (b: ServiceBooking) =>
    b.end_date && b.end_date !== b.start_date
      ? `${formatDay(b.start_date, i18n.language)} – ${formatDay(b.end_date, i18n.language)}`
      : formatDay(b.start_date, i18n.language);
  const service = (b: ServiceBooking) => b.expand?.service?.name ?? '—';
  const duration = (b: ServiceBooking) => formatQuantity(b.duration, b.expand?.service?.unit);
  // What the booking owes (paise): its total (the taxable value) plus its GST heads.
  const tax = (b: ServiceBooking) =>
    toPaise(b.cgst_amount) + toPaise(b.sgst_amount) + toPaise(b.igst_amount);
  // Under reverse charge the site pays the tax: the vendor is owed the value only.
  const owed = (b: ServiceBooking) => toPaise(b.total_amount) + (b.reverse_charge ? 0 : tax(b));
  const gstNote = (b: ServiceBooking) =>
    b.gst_rate === null
      ? null
      : t('serviceBookings.list.inclGst', {
          rate: formatGstRate(t, b.gst_rate),
          amount: formatInr(tax(b)),
        });

  const columns: DataTableColumn<ServiceBooking>[] = [
    {
      key: 'service',
      header: t('vendors.detail.columns.service'),
      cell: (b) => (
        <div className="min-w-0 max-w-56">
          <p className="truncate font-medium text-fg">{service(b)}</p>
          <p className="truncate text-xs text-fg-muted">{duration(b)}</p>
        </div>
      ),
    },
    {
      key: 'dates',
      header: t('vendors.detail.columns.dates'),
      cell: (b) => <span className="whitespace-nowrap">{dates(b)}</span>,
    },
    {
      key: 'total',
      header: t('vendors.detail.columns.total'),
      align: 'right',
      cell: (b) => (
        <div>
          <p className="font-medium">{formatInr(owed(b))}</p>
          {gstNote(b) ? (
            <p className="whitespace-nowrap text-xs text-fg-muted">{gstNote(b)}</p>
          ) : null}
        </div>
      ),
    },
    {
      key: 'status',
      header: t('vendors.detail.columns.status'),
      hideBelow: 'xl',
      cell: (b) => <StatusBadge kind="booking" status={b.status} />,
    },
    {
      key: 'payment',
      header: t('vendors.detail.columns.payment'),
      align: 'right',
      cell: (b) => <StatusBadge kind="payment" status={b.payment_status} />,
    },
  ];

  const mobileCard = (b: ServiceBooking) => (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold text-fg">{service(b)}</p>
          <p className="text-sm text-fg-muted">
            {dates(b)} · {duration(b)}
          </p>
        </div>
        <StatusBadge kind="booking" status={b.status} />
      </div>
      <div className="flex items-center justify-between gap-3 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <dl>
          <MoneyPair label={t('vendors.detail.columns.total')} value={toRupees(owed(b))} />
        </dl>
        <StatusBadge kind="payment" status={b.payment_status} />
      </div>
    </div>
  );

  return { columns, mobileCard };
}
