/**
 * The supplier's invoice on a purchase (issue 40): its number and date, which the input tax is
 * claimed on. A delivery's and a service booking's forms name the fields
 * `supplier_invoice_number` and `supplier_invoice_date`. Test ids: `<testId>-invoice-number`,
 * `<testId>-invoice-date`.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { fieldError } from '../../lib/form';
import { DateField, todayIso } from '../ui/date-field';
import { TextField } from '../ui/text-field';

export function SupplierInvoiceFields<Input extends FieldValues, Values extends FieldValues>({
  form,
  numberHint,
  testId,
}: {
  form: UseFormReturn<Input, unknown, Values>;
  numberHint?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  // The names are the same in both forms; the generic form cannot know them.
  const number = 'supplier_invoice_number' as FieldPath<Input>;
  const date = 'supplier_invoice_date' as FieldPath<Input>;
  const error = (name: FieldPath<Input>) =>
    fieldError(t, form.getFieldState(name, form.formState).error);
  return (
    <>
      <TextField
        label={t('gst.delivery.invoiceNumber')}
        optional
        autoComplete="off"
        placeholder={t('gst.delivery.invoiceNumberPlaceholder')}
        hint={numberHint}
        error={error(number)}
        data-testid={`${testId}-invoice-number`}
        {...form.register(number)}
      />
      <DateField
        label={t('gst.delivery.invoiceDate')}
        optional
        max={todayIso()}
        error={error(date)}
        data-testid={`${testId}-invoice-date`}
        {...form.register(date)}
      />
    </>
  );
}
