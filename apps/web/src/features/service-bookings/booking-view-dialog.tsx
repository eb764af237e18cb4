/** A booking for people who may only read it: the facts, the progress and the completion photos. */
import { formatInr, toPaise, type ServiceBooking } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoGrid } from '../../components/photo-grid';
import { TdsSummary } from '../../components/record-fields/tds-summary';
import { Dialog } from '../../components/ui/dialog';
import { formatQuantity } from '../../components/ui/quantity-field';
import { StatusBadge } from '../../components/ui/status-badge';
import { formatGstRate } from '../../components/gst/gst-figures';
import { ProgressBar } from './booking-form-fields';
import { bookingTax } from './booking-gst';
import { formatDateRange } from './format-date';

export function BookingViewDialog({
  booking,
  onClose,
}: {
  booking: ServiceBooking | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const row = (label: string, value: ReactNode) => (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-medium text-fg">{value}</dd>
    </div>
  );
  const unit = booking?.expand?.service?.unit;
  const tax = booking ? bookingTax(booking) : null;
  return (
    <Dialog
      open={booking !== null}
      onOpenChange={(open) => !open && onClose()}
      title={booking?.expand?.service?.name ?? t('serviceBookings.view.title')}
      description={booking?.expand?.vendor?.name}
      testId="booking-view"
    >
      {booking ? (
        <div className="space-y-4">
          <div className="flex flex-wrap gap-2">
            <StatusBadge kind="booking" status={booking.status} />
            <StatusBadge kind="payment" status={booking.payment_status} />
          </div>
          <dl className="divide-y divide-border">
            {row(
              t('serviceBookings.fields.dates'),
              formatDateRange(booking.start_date, booking.end_date, i18n.language),
            )}
            {row(t('serviceBookings.fields.duration'), formatQuantity(booking.duration, unit))}
            {row(t('serviceBookings.fields.unitRate'), formatInr(toPaise(booking.unit_rate)))}
            {booking.gst_rate === null || !tax ? (
              row(t('serviceBookings.fields.total'), formatInr(toPaise(booking.total_amount)))
            ) : (
              <>
                {row(t('gst.taxable'), formatInr(tax.taxable))}
                {row(t('gst.rate'), formatGstRate(t, booking.gst_rate))}
                {tax.igst > 0 ? row(t('gst.heads.igst'), formatInr(tax.igst)) : null}
                {tax.cgst > 0 ? row(t('gst.heads.cgst'), formatInr(tax.cgst)) : null}
                {tax.sgst > 0 ? row(t('gst.heads.sgst'), formatInr(tax.sgst)) : null}
                {booking.reverse_charge
                  ? row(
                      t('gst.reverseCharge.label'),
                      <span data-testid="booking-view-reverse-charge">
                        {t('gst.reverseCharge.detail', { amount: formatInr(tax.tax) })}
                      </span>,
                    )
                  : null}
                {row(
                  t('serviceBookings.fields.toPay'),
                  <span data-testid="booking-view-owed">{formatInr(tax.owed)}</span>,
                )}
              </>
            )}
            {booking.tds_amount > 0 ? (
              <div className="py-2.5">
                <TdsSummary credit={booking} testId="booking-view-tds" />
              </div>
            ) : null}
            {row(t('serviceBookings.fields.paid'), formatInr(toPaise(booking.paid_amount)))}
            {row(
              t('serviceBookings.fields.percentCompleted'),
              <ProgressBar
                percent={booking.percent_completed}
                label={t('serviceBookings.fields.percentCompleted')}
              />,
            )}
          </dl>
          {booking.notes ? (
            <p className="whitespace-pre-line rounded-xl bg-surface-muted/70 p-3 text-sm text-fg">
              {booking.notes}
            </p>
          ) : null}
          {booking.completion_photos.length ? (
            <div className="space-y-2">
              <p className="text-sm font-semibold text-fg">{t('serviceBookings.photos.title')}</p>
              <PhotoGrid names={booking.completion_photos} testId="booking-view-photos" />
            </div>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
