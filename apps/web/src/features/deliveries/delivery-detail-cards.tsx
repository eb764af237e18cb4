import { formatInr, toPaise, type Delivery } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { Alert } from '../../components/ui/alert';
import { stateLabel } from '../../components/gst/gst-figures';
import { formatDeliveryDate, invoiceText } from './format-date';

/** Vendor (with a link), its contact facts, date, reference and notes. */
export function DeliveryFactsCard({ delivery, date }: { delivery: Delivery; date: string }) {
  const { t, i18n } = useTranslation();
  const invoice = invoiceText(
    delivery.supplier_invoice_number ?? '',
    delivery.supplier_invoice_date
      ? formatDeliveryDate(delivery.supplier_invoice_date, i18n.language)
      : '',
  );
  const vendor = delivery.expand?.vendor;
  const fact = (label: string, value: ReactNode, testId?: string) => (
    <div className="flex items-baseline justify-between gap-4 py-2.5 first:pt-0 last:pb-0">
      <dt className="shrink-0 text-sm text-fg-muted">{label}</dt>
      <dd
        className="min-w-0 break-words text-right text-sm font-medium text-fg"
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );

  return (
    <Card className="order-3">
      <CardHeader>
        <CardTitle>{t('deliveries.detail.details')}</CardTitle>
      </CardHeader>
      <CardBody>
        <dl className="divide-y divide-border">
          {fact(
            t('deliveries.fields.vendor'),
            <Link
              to={`/vendors/${delivery.vendor}`}
              className="text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
              data-testid="delivery-detail-vendor-link"
            >
              {vendor?.name ?? '—'}
            </Link>,
          )}
          {vendor?.company_name ? fact(t('deliveries.detail.company'), vendor.company_name) : null}
          {vendor?.phone ? fact(t('deliveries.detail.phone'), vendor.phone) : null}
          {vendor?.gstin ? fact(t('deliveries.detail.gstin'), vendor.gstin) : null}
          {fact(t('deliveries.fields.date'), date, 'delivery-detail-date')}
          {fact(t('deliveries.fields.reference'), delivery.delivery_reference || '—')}
          {fact(t('gst.delivery.supplierInvoice'), invoice || '—', 'delivery-detail-invoice')}
          {delivery.place_of_supply
            ? fact(
                t('gst.delivery.placeOfSupply'),
                stateLabel(t, delivery.place_of_supply),
                'delivery-detail-place',
              )
            : null}
          {delivery.reverse_charge
            ? fact(
                t('gst.reverseCharge.label'),
                t('gst.reverseCharge.detail', { amount: formatInr(toPaise(delivery.tax_amount)) }),
                'delivery-detail-reverse-charge',
              )
            : null}
        </dl>
        {delivery.itc_ineligible_reason === 'place_of_supply' ? (
          <Alert tone="info" className="mt-4" testId="delivery-detail-itc-warning">
            {t('gst.delivery.itcIneligible')}
          </Alert>
        ) : null}
        {delivery.notes ? (
          <div className="mt-4 rounded-xl bg-surface-muted/70 p-3">
            <p className="text-xs font-medium text-fg-muted">{t('deliveries.fields.notes')}</p>
            <p className="mt-1 whitespace-pre-line text-sm text-fg">{delivery.notes}</p>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
