import { NotesField } from '../../components/record-fields/notes-field';
import { REFUND_METHODS, toRupees, zRefundCreate, type VendorReturn } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField, dateSchema, todayIso } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { MoneyField, moneySchema } from '../../components/ui/money-field';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { errorMessage } from '../../lib/api-client';
import { ACTIVE_ONLY, useAccountList } from '../../lib/entity-options';
import { applyServerFieldErrors } from '../../lib/form';
import { formText } from '../../lib/form-schema';
import { useRecordRefund } from './api';
import { inr } from './money';
import { leftPaise } from './return-gst';
import { enumOptions } from './return-steps';

const schema = z.object({
  account: z.string().min(1, 'vendorReturns.validation.accountRequired'),
  refund_amount: moneySchema({ positive: true }),
  refund_date: dateSchema(),
  refund_method: z.enum(REFUND_METHODS, { error: 'vendorReturns.validation.methodRequired' }),
  reference: formText(zRefundCreate.shape.reference),
  notes: formText(zRefundCreate.shape.notes),
});
const FIELDS = [
  'account',
  'refund_amount',
  'refund_date',
  'refund_method',
  'reference',
  'notes',
] as const;

/**
 * "Record refund": money back to an account, up to what the return has not refunded yet — its
 * value plus the GST it reverses, less refunds and credit notes so far.
 */
export function RefundFormDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  record: VendorReturn;
  refunded: number;
}) {
  return <RefundForm key={props.open ? 'open' : 'closed'} {...props} />;
}

function RefundForm({
  open,
  onOpenChange,
  record,
  refunded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  record: VendorReturn;
  refunded: number;
}) {
  const { t } = useTranslation();
  const refund = useRecordRefund(record.id);
  const accounts = useAccountList({ filters: ACTIVE_ONLY, enabled: open });
  const left = toRupees(leftPaise(record, refunded));
  // Asks before typed work is discarded.
  const { form, guard, closeSaved, fieldProps } = useDialogForm({
    schema,
    defaultValues: {
      account: '',
      refund_amount: left > 0 ? left : undefined,
      refund_date: todayIso(),
      reference: '',
      notes: '',
    },
    open,
    onOpenChange,
    draft: null,
    texts: 'vendorReturns.fields',
  });
  const {
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const onSubmit = handleSubmit((values) => {
    refund.mutate(
      {
        ...values,
        refund_date: values.refund_date ?? todayIso(),
        reference: values.reference || null,
        notes: values.notes || null,
      },
      {
        onSuccess: () =>
          closeSaved(t('vendorReturns.toast.refunded', { amount: inr(values.refund_amount) })),
        onError: (error) => applyServerFieldErrors(error, FIELDS, setError),
      },
    );
  });
  const fieldErrors = FIELDS.some((name) => errors[name]?.type === 'server');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('vendorReturns.refund.title')}
      description={t('vendorReturns.refund.left', { amount: inr(left) })}
      onSubmit={onSubmit}
      submitLabel={t('vendorReturns.actions.recordRefund')}
      busy={refund.isPending}
      error={refund.isError && !fieldErrors ? errorMessage(refund.error, t) : null}
      guard={guard}
      testId="refund-form"
    >
      <SelectField
        placeholder={t('kit.select.choose')}
        options={accounts.options}
        data-testid="refund-account"
        {...fieldProps('account')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField
          data-testid="refund-amount"
          {...fieldProps('refund_amount', { decimal: true })}
        />
        <DateField data-testid="refund-date" {...fieldProps('refund_date')} />
      </div>
      <SelectField
        placeholder={t('kit.select.choose')}
        options={enumOptions(t, 'vendorReturns.methods', REFUND_METHODS)}
        data-testid="refund-method"
        {...fieldProps('refund_method', { text: 'method' })}
      />
      <TextField optional data-testid="refund-reference" {...fieldProps('reference')} />
      <NotesField
        form={form}
        label={t('vendorReturns.fields.notes')}
        rows={2}
        data-testid="refund-notes"
      />
    </FormDialog>
  );
}
