/**
 * A payment from a work order's page, by whoever sees the money (accountants pay): its advance
 * (`POST …/work_orders/{id}/advance`: TDS is taken at payment and the account pays amount − TDS)
 * or an RA bill (`POST …/ra_bills/{id}/pay`, the amount defaulting to the net payable not yet
 * paid). The payments page itself is left as it is.
 */
import {
  rupeesMinus,
  toPaise,
  formatInr,
  type Payment,
  type RaBill,
  type SubcontractPay,
  type WorkOrder,
} from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { DateField, dateSchema, todayIso } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { MoneyField, moneySchema } from '../../components/ui/money-field';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { ACTIVE_ONLY, useAccountList } from '../../lib/entity-options';
import { applyServerFieldErrors } from '../../lib/form';
import { usePaySubcontractor } from './api';

export type WoPayment =
  { kind: 'advance'; order: WorkOrder } | { kind: 'bill'; order: WorkOrder; bill: RaBill };

const schema = z.object({
  account: z.string().min(1, 'workOrders.pay.accountRequired'),
  amount: moneySchema({ positive: true }),
  payment_date: dateSchema() as z.ZodType<string, string>,
  reference: z.string().trim().max(120, 'validation.tooLong'),
});
type PayValues = z.output<typeof schema>;
interface PayInput {
  account: string;
  amount: number | undefined;
  payment_date: string;
  reference: string;
}
const paySchema = schema as unknown as z.ZodType<PayValues, PayInput>;
const FIELDS = ['account', 'amount', 'payment_date', 'reference'] as const;

/** What is still to pay: the advance not yet paid, or the bill's net payable less what was paid. */
export function amountDue(payment: WoPayment): number {
  return payment.kind === 'advance'
    ? rupeesMinus(payment.order.advance_amount, payment.order.advance_paid)
    : rupeesMinus(payment.bill.net_payable, payment.bill.paid_amount);
}

/** Where the payment goes and what it sends. */
export function paymentRequest(
  payment: WoPayment,
  values: PayValues,
): { target: 'bill' | 'advance'; id: string; body: SubcontractPay } {
  return {
    target: payment.kind,
    id: payment.kind === 'bill' ? payment.bill.id : payment.order.id,
    body: {
      account: values.account,
      amount: values.amount,
      payment_date: values.payment_date,
      reference: values.reference || null,
    },
  };
}

export function WoPaymentDialog({
  payment,
  onClose,
}: {
  payment: WoPayment | null;
  onClose: () => void;
}) {
  if (!payment) return null;
  return (
    <PayForm
      key={payment.kind === 'bill' ? payment.bill.id : 'advance'}
      payment={payment}
      onClose={onClose}
    />
  );
}

function PayForm({ payment, onClose }: { payment: WoPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = usePaySubcontractor();
  const accounts = useAccountList({ filters: ACTIVE_ONLY });
  const due = amountDue(payment);
  const onOpenChange = (open: boolean) => (open ? undefined : onClose());
  const { form, guard, fieldProps } = useDialogForm({
    schema: paySchema,
    defaultValues: {
      account: '',
      amount: due > 0 ? due : undefined,
      payment_date: todayIso(),
      reference: '',
    },
    open: true,
    onOpenChange,
    draft: null,
    texts: 'workOrders.pay.fields',
  });
  const { handleSubmit, setError, formState } = form;
  const onSubmit = handleSubmit((values) => {
    create.mutate(paymentRequest(payment, values), {
      onSuccess: (saved) => {
        guard.saved();
        toast.success(savedMessage(t, saved, values.amount));
        onClose();
      },
      onError: (error) => applyServerFieldErrors(error, FIELDS, setError),
    });
  });
  const fieldErrors = FIELDS.some((name) => formState.errors[name]?.type === 'server');
  const title =
    payment.kind === 'advance'
      ? t('workOrders.pay.advanceTitle')
      : t('workOrders.pay.billTitle', { number: payment.bill.number });

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={title}
      description={t(
        payment.kind === 'advance' ? 'workOrders.pay.advanceDue' : 'workOrders.pay.billDue',
        {
          amount: formatInr(toPaise(due)),
        },
      )}
      onSubmit={onSubmit}
      submitLabel={t('workOrders.pay.submit')}
      busy={create.isPending}
      error={create.isError && !fieldErrors ? errorMessage(create.error, t) : null}
      guard={guard}
      testId="wo-pay-form"
    >
      <SelectField
        placeholder={t('kit.select.choose')}
        options={accounts.options}
        data-testid="wo-pay-account"
        {...fieldProps('account')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <MoneyField data-testid="wo-pay-amount" {...fieldProps('amount', { decimal: true })} />
        <DateField warnFuture data-testid="wo-pay-date" {...fieldProps('payment_date')} />
      </div>
      <TextField
        optional
        autoComplete="off"
        data-testid="wo-pay-reference"
        {...fieldProps('reference', { placeholder: true })}
      />
      {payment.kind === 'advance' && payment.order.tds_section ? (
        <p className="text-sm text-fg-muted">{t('workOrders.pay.advanceTdsNote')}</p>
      ) : null}
    </FormDialog>
  );
}

function savedMessage(
  t: (key: string, options?: Record<string, unknown>) => string,
  saved: Payment,
  amount: number,
): string {
  if (saved.tds_amount > 0) {
    return t('workOrders.pay.savedWithTds', {
      amount: formatInr(toPaise(amount)),
      tds: formatInr(toPaise(saved.tds_amount)),
      account: formatInr(toPaise(saved.account_amount)),
    });
  }
  return t('workOrders.pay.saved', { amount: formatInr(toPaise(amount)) });
}
