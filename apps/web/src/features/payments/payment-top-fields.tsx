import { VendorPicker } from '../../components/pickers/record-pickers';
import { formatInr, toPaise } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/ui/date-field';
import { MoneyField } from '../../components/ui/money-field';
import { TextAreaField, TextField } from '../../components/ui/text-field';
import { formatRupees } from '../../lib/format';
import { inputOf } from './allocation';
import type { PaymentFormState } from './use-payment-form';

/** Test ids: `payment-<name>` in the create form, `payment-edit-<name>` in the edit form. */
export const fieldTestId = (f: PaymentFormState, name: string) =>
  f.mode.kind === 'edit' ? `payment-edit-${name}` : `payment-${name}`;

/** "Pay everything due": what is due, less the vendor's advance when creating. */
function PayAll({ f }: { f: PaymentFormState }) {
  const { t } = useTranslation();
  const data = f.data;
  if (!data || data.total_due <= 0) return null;
  const advance = f.mode.kind === 'create' ? Math.max(0, data.advance) : 0;
  const paise = toPaise(data.total_due) - toPaise(advance);
  if (paise <= 0) return null;
  return (
    <button
      type="button"
      className="text-left font-medium text-primary hover:underline"
      onClick={() => f.changeAmount(inputOf(paise))}
      data-testid={fieldTestId(f, 'pay-all')}
    >
      {advance > 0
        ? t('payments.form.payAllLessAdvance', {
            amount: formatInr(paise),
            advance: formatRupees(advance),
          })
        : t('payments.form.payAll', { amount: formatRupees(data.total_due) })}
    </button>
  );
}

/** Vendor (fixed when editing), amount and date. */
export function PaymentTopFields({ f }: { f: PaymentFormState }) {
  const { t } = useTranslation();
  const { register } = f.form;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {f.mode.kind === 'edit' ? (
        <TextField
          label={t('payments.fields.vendor')}
          value={f.mode.payment.expand?.vendor?.name ?? ''}
          readOnly
          hint={t('payments.edit.vendorFixed')}
          data-testid="payment-edit-vendor"
        />
      ) : (
        // Searches on the server (a busy site has thousands of vendors); a vendor chosen before
        // the form opened is named by id.
        <VendorPicker
          label={t('payments.fields.vendor')}
          value={f.values.vendor}
          onChange={f.changeVendor}
          error={f.errors.vendor}
          testId="payment-vendor"
        />
      )}
      <MoneyField
        label={t('payments.fields.amount')}
        {...register('amount', { onChange: (event) => f.changeAmount(event.target.value) })}
        error={f.errors.amount}
        hint={<PayAll f={f} />}
        data-testid={fieldTestId(f, 'amount')}
      />
      <DateField
        label={t('payments.fields.date')}
        {...register('payment_date', { onChange: () => f.clearError('payment_date') })}
        error={f.errors.payment_date}
        warnFuture
        data-testid={fieldTestId(f, 'date')}
      />
    </div>
  );
}

/** Reference and notes. */
export function PaymentTextFields({ f }: { f: PaymentFormState }) {
  const { t } = useTranslation();
  const { register } = f.form;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('payments.fields.reference')}
        optional
        placeholder={t('payments.fields.referencePlaceholder')}
        {...register('reference')}
        error={f.errors.reference}
        data-testid={fieldTestId(f, 'reference')}
      />
      <TextAreaField
        label={t('payments.fields.notes')}
        optional
        rows={2}
        {...register('notes')}
        error={f.errors.notes}
        data-testid={fieldTestId(f, 'notes')}
      />
    </div>
  );
}
