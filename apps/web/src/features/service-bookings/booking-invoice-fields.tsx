/**
 * The supplier's invoice on a booking (issue 40): number and date. The input tax is claimed on
 * the invoice date; a scheduled booking without one claims nothing yet.
 */
import { useTranslation } from 'react-i18next';
import { DateField, todayIso } from '../../components/ui/date-field';
import { TextField } from '../../components/ui/text-field';
import { fieldError } from '../../lib/form';
import type { BookingForm } from './booking-form-sections';

export function BookingInvoiceFields({ form }: { form: BookingForm }) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <TextField
        label={t('gst.delivery.invoiceNumber')}
        optional
        autoComplete="off"
        placeholder={t('gst.delivery.invoiceNumberPlaceholder')}
        hint={t('gst.supplierDocs.bookingInvoiceHint')}
        error={fieldError(t, errors.supplier_invoice_number)}
        data-testid="booking-invoice-number"
        {...register('supplier_invoice_number')}
      />
      <DateField
        label={t('gst.delivery.invoiceDate')}
        optional
        max={todayIso()}
        error={fieldError(t, errors.supplier_invoice_date)}
        data-testid="booking-invoice-date"
        {...register('supplier_invoice_date')}
      />
    </>
  );
}
