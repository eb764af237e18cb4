import { zodResolver } from '@hookform/resolvers/zod';
import { formatInr, toPaise } from '@siteledger/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField, dateSchema, todayIso } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { MoneyField, moneySchema, parseDecimalInput } from '../../components/ui/money-field';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors, fieldError } from '../../lib/form';
import { useCreateCreditNote, useVendorOptions } from './api';

const schema = z
  .object({
    vendor: z.string().min(1, 'vendorReturns.validation.vendorRequired'),
    credit_amount: moneySchema({ positive: true }),
    issue_date: dateSchema(),
    expiry_date: dateSchema({ optional: true }),
    reference: z.string().trim().max(200, 'validation.tooLong'),
    reason: z.string().trim().max(2000, 'validation.tooLong'),
  })
  .refine((v) => !v.expiry_date || !v.issue_date || v.expiry_date >= v.issue_date, {
    message: 'vendorReturns.validation.expiryBeforeIssue',
    path: ['expiry_date'],
  });
type Input = z.input<typeof schema>;
type Values = z.output<typeof schema>;
const FIELDS = [
  'vendor',
  'credit_amount',
  'issue_date',
  'expiry_date',
  'reference',
  'reason',
] as const;

/** A standalone credit note from a vendor (not tied to a return). */
export function CreditNoteFormDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return <CreditNoteForm key={props.open ? 'open' : 'closed'} {...props} />;
}

function CreditNoteForm({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateCreditNote();
  const vendors = useVendorOptions();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      vendor: '',
      issue_date: todayIso(),
      expiry_date: '',
      reference: '',
      reason: '',
    },
  });
  const onSubmit = handleSubmit((values) => {
    create.mutate(
      {
        vendor: values.vendor,
        credit_amount: values.credit_amount,
        issue_date: values.issue_date ?? todayIso(),
        expiry_date: values.expiry_date || null,
        reference: values.reference || null,
        reason: values.reason || null,
      },
      {
        onSuccess: (saved) => {
          toast.success(
            t('vendorReturns.toast.creditNoteCreated', {
              amount: formatInr(toPaise(saved.credit_amount)),
            }),
          );
          onOpenChange(false);
        },
        onError: (error) => applyServerFieldErrors(error, FIELDS, setError),
      },
    );
  });
  const fieldErrors = FIELDS.some((field) => errors[field]?.type === 'server');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('vendorReturns.creditNotes.addTitle')}
      description={t('vendorReturns.creditNotes.addSubtitle')}
      onSubmit={onSubmit}
      submitLabel={t('vendorReturns.creditNotes.add')}
      busy={create.isPending}
      error={create.isError && !fieldErrors ? errorMessage(create.error, t) : null}
      testId="credit-note-form"
    >
      <SelectField
        label={t('vendorReturns.fields.vendor')}
        placeholder={t('kit.select.choose')}
        options={(vendors.data?.items ?? []).map((v) => ({ value: v.id, label: v.name }))}
        error={fieldError(t, errors.vendor)}
        data-testid="credit-note-vendor"
        {...register('vendor')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField
          label={t('vendorReturns.fields.creditAmount')}
          error={fieldError(t, errors.credit_amount)}
          data-testid="credit-note-amount"
          {...register('credit_amount', { setValueAs: parseDecimalInput })}
        />
        <TextField
          label={t('vendorReturns.fields.creditReference')}
          optional
          error={fieldError(t, errors.reference)}
          data-testid="credit-note-reference"
          {...register('reference')}
        />
        <DateField
          label={t('vendorReturns.fields.issueDate')}
          error={fieldError(t, errors.issue_date)}
          data-testid="credit-note-issue-date"
          {...register('issue_date')}
        />
        <DateField
          label={t('vendorReturns.fields.creditExpiry')}
          optional
          error={fieldError(t, errors.expiry_date)}
          data-testid="credit-note-expiry"
          {...register('expiry_date')}
        />
      </div>
      <TextAreaField
        label={t('vendorReturns.fields.reason')}
        optional
        rows={2}
        error={fieldError(t, errors.reason)}
        data-testid="credit-note-reason"
        {...register('reason')}
      />
    </FormDialog>
  );
}
