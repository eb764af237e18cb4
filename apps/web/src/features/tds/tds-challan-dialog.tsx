/**
 * "Record challan": TDS of one section and month deposited with the government — the bank
 * branch's BSR code, the challan's serial, the date, the amount (what is left to deposit), and
 * the account it was paid from (debited; none: recorded only).
 */
import { formatInr, toPaise, type TdsDeposit } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { DateField, dateSchema, todayIso } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { MoneyField, moneySchema } from '../../components/ui/money-field';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/api-client';
import { ACTIVE_ONLY, useAccountList } from '../../lib/entity-options';
import { applyServerFieldErrors } from '../../lib/form';
import { useCreateTdsChallan } from './api';
import { leftToDeposit } from './tds-deposit-left';
import { monthLabel } from './tds-quarters';

const schema = z.object({
  bsr_code: z
    .string()
    .trim()
    .regex(/^\d{7}$/, 'tds.challan.bsrInvalid'),
  challan_serial: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'tds.challan.serialInvalid'),
  deposit_date: dateSchema() as z.ZodType<string, string>,
  amount: moneySchema({ positive: true }),
  account: z.string(),
});
type Values = z.output<typeof schema>;
interface Input {
  bsr_code: string;
  challan_serial: string;
  deposit_date: string;
  amount: number | undefined;
  account: string;
}
const FIELDS = ['bsr_code', 'challan_serial', 'deposit_date', 'amount', 'account'] as const;

export function TdsChallanDialog({
  deposit,
  onClose,
}: {
  deposit: TdsDeposit | null;
  onClose: () => void;
}) {
  return deposit ? (
    <ChallanForm key={`${deposit.section}-${deposit.month}`} deposit={deposit} onClose={onClose} />
  ) : null;
}

function ChallanForm({ deposit, onClose }: { deposit: TdsDeposit; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const create = useCreateTdsChallan();
  const accounts = useAccountList({ filters: ACTIVE_ONLY });
  const left = leftToDeposit(deposit);
  const onOpenChange = (open: boolean) => (open ? undefined : onClose());
  const { form, guard, closeSaved, fieldProps } = useDialogForm({
    schema: schema as unknown as z.ZodType<Values, Input>,
    defaultValues: {
      bsr_code: '',
      challan_serial: '',
      deposit_date: todayIso(),
      amount: left > 0 ? left : undefined,
      account: '',
    },
    open: true,
    onOpenChange,
    draft: null,
    texts: 'tds.challan.fields',
  });
  const onSubmit = form.handleSubmit((values) => {
    create.mutate(
      {
        section: deposit.section,
        month: deposit.month,
        bsr_code: values.bsr_code,
        challan_serial: values.challan_serial,
        deposit_date: values.deposit_date,
        amount: values.amount,
        account: values.account || null,
      },
      {
        onSuccess: () =>
          closeSaved(t('tds.challan.saved', { amount: formatInr(toPaise(values.amount)) })),
        onError: (error) => applyServerFieldErrors(error, FIELDS, form.setError),
      },
    );
  });
  const fieldErrors = FIELDS.some((name) => form.formState.errors[name]?.type === 'server');
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t('tds.challan.title', {
        section: deposit.section,
        month: monthLabel(deposit.month, i18n.language),
      })}
      description={t('tds.challan.left', { amount: formatInr(toPaise(left)) })}
      onSubmit={onSubmit}
      submitLabel={t('tds.deposits.record')}
      busy={create.isPending}
      error={create.isError && !fieldErrors ? errorMessage(create.error, t) : null}
      guard={guard}
      testId="tds-challan-form"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          inputMode="numeric"
          autoComplete="off"
          maxLength={7}
          data-testid="tds-challan-bsr"
          {...fieldProps('bsr_code', { placeholder: true })}
        />
        <TextField
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          data-testid="tds-challan-serial"
          {...fieldProps('challan_serial', { placeholder: true })}
        />
        <DateField warnFuture data-testid="tds-challan-date" {...fieldProps('deposit_date')} />
        <MoneyField data-testid="tds-challan-amount" {...fieldProps('amount', { decimal: true })} />
      </div>
      <SelectField
        optional
        placeholder={t('tds.challan.noAccount')}
        options={accounts.options}
        data-testid="tds-challan-account"
        {...fieldProps('account', { hint: true })}
      />
    </FormDialog>
  );
}
