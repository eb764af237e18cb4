import { NotesField } from '../../components/record-fields/notes-field';
import { VendorField } from '../../components/record-fields/vendor-field';
import { useFieldProps } from '../../components/form/use-field-props';
import {
  TRANSACTION_CATEGORIES,
  TRANSACTION_TYPES,
  zAccountTransactionCreate,
  type AccountTransaction,
  type TransactionCategory,
} from '@siteledger/domain';
import { useMemo, type ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField, dateSchema, todayIso } from '../../components/ui/date-field';
import { MoneyField, moneySchema } from '../../components/ui/money-field';
import {
  freshFormKey,
  RecordFormDialog,
  type RecordFormProps,
} from '../../components/ui/record-form-dialog';
import { useRecordForm } from '../../components/ui/use-record-form';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { formText } from '../../lib/form-schema';
import { useCreateTransaction, useUpdateTransaction } from './api';
import { DirectionToggle } from './direction-toggle';

/** Categories a person may pick; payment and refund belong to those records. */
export const MANUAL_CATEGORIES = TRANSACTION_CATEGORIES.filter(
  (category) => category !== 'payment' && category !== 'refund',
);

const isCategory = (value: string): value is TransactionCategory =>
  (TRANSACTION_CATEGORIES as readonly string[]).includes(value);

const transactionFormSchema = z.object({
  type: z.enum(TRANSACTION_TYPES),
  amount: moneySchema({ positive: true }),
  transaction_date: dateSchema(),
  description: formText(zAccountTransactionCreate.shape.description),
  reference: formText(zAccountTransactionCreate.shape.reference),
  vendor: z.string(),
  transaction_category: z.string(),
  notes: formText(zAccountTransactionCreate.shape.notes),
});
type TransactionFormInput = z.input<typeof transactionFormSchema>;
type TransactionFormValues = z.output<typeof transactionFormSchema>;

const FIELDS = [
  'type',
  'amount',
  'transaction_date',
  'description',
  'reference',
  'vendor',
  'transaction_category',
  'notes',
] as const;

/** Add (no `transaction`) or edit a manual transaction of one account. */
export function TransactionFormDialog({
  transaction,
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: string;
  transaction?: AccountTransaction | null;
}) {
  return (
    <TransactionForm
      key={freshFormKey(props.open, transaction)}
      record={transaction ?? null}
      {...props}
    />
  );
}

function TransactionForm({
  accountId,
  ...props
}: RecordFormProps<AccountTransaction> & { accountId: string }) {
  const transaction = props.record;
  const { t } = useTranslation();
  // "No vendor" first: the vendor is optional and can be cleared.
  const noVendor = useMemo(() => [{ value: '', label: t('accounts.transactions.noVendor') }], [t]);
  const { form, dialog } = useRecordForm({
    ...props,
    schema: transactionFormSchema,
    defaultValues: {
      type: transaction?.type ?? 'debit',
      amount: transaction?.amount,
      transaction_date: transaction?.transaction_date.slice(0, 10) ?? todayIso(),
      description: transaction?.description ?? '',
      reference: transaction?.reference ?? '',
      vendor: transaction?.vendor ?? '',
      transaction_category: transaction?.transaction_category ?? '',
      notes: transaction?.notes ?? '',
    },
    body: (values: TransactionFormValues) => ({
      account: accountId,
      type: values.type,
      amount: values.amount,
      transaction_date: values.transaction_date ?? todayIso(),
      description: values.description || null,
      reference: values.reference || null,
      vendor: values.vendor || null,
      transaction_category: isCategory(values.transaction_category)
        ? values.transaction_category
        : null,
      notes: values.notes || null,
    }),
    draft: 'account-transaction',
    create: useCreateTransaction(),
    update: useUpdateTransaction(),
    fields: FIELDS,
    toasts: { created: 'accounts.toast.txCreated', updated: 'accounts.toast.txUpdated' },
    texts: 'accounts.transactions',
  });

  return (
    <RecordFormDialog
      {...dialog}
      description={t('accounts.transactions.formSubtitle')}
      testId="transaction-form"
    >
      <TransactionFields
        form={form}
        vendorField={
          // Searches on the server (a busy site has thousands of vendors); the current vendor
          // is named by id.
          <VendorField
            control={form.control}
            leading={noVendor}
            label={t('accounts.transactions.fields.vendor')}
            optional
            placeholder={t('accounts.transactions.noVendor')}
            testId="transaction-vendor"
          />
        }
      />
    </RecordFormDialog>
  );
}

/** The fields of a transaction; `vendorField` is the vendor choice, between category and notes. */
function TransactionFields({
  form,
  vendorField,
}: {
  form: UseFormReturn<TransactionFormInput, unknown, TransactionFormValues>;
  vendorField: ReactNode;
}) {
  const { t } = useTranslation();
  const fieldProps = useFieldProps(form, 'accounts.transactions.fields');
  return (
    <>
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <DirectionToggle
            value={field.value}
            onChange={field.onChange}
            label={t('accounts.transactions.fields.type')}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField
          autoFocus
          data-testid="transaction-amount"
          {...fieldProps('amount', { decimal: true })}
        />
        <DateField
          warnFuture
          data-testid="transaction-date"
          {...fieldProps('transaction_date', { text: 'date' })}
        />
      </div>
      <TextField
        optional
        data-testid="transaction-description"
        {...fieldProps('description', { placeholder: true })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          optional
          data-testid="transaction-reference"
          {...fieldProps('reference', { placeholder: true })}
        />
        <SelectField
          optional
          placeholder={t('accounts.transactions.noCategory')}
          options={MANUAL_CATEGORIES.map((category) => ({
            value: category,
            label: t(`accounts.categories.${category}`),
          }))}
          data-testid="transaction-category"
          {...fieldProps('transaction_category', { text: 'category' })}
        />
      </div>
      {vendorField}
      <NotesField
        form={form}
        label={t('accounts.transactions.fields.notes')}
        rows={2}
        data-testid="transaction-notes"
      />
    </>
  );
}
