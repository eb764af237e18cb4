import { zodResolver } from '@hookform/resolvers/zod';
import {
  TRANSACTION_CATEGORIES,
  TRANSACTION_TYPES,
  type AccountTransaction,
  type TransactionCategory,
  type TransactionType,
} from '@siteledger/domain';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
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
import { cn } from '../../lib/cn';
import { applyServerFieldErrors, fieldError } from '../../lib/form';
import { useCreateTransaction, useUpdateTransaction, useVendorChoices } from './api';

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
  description: z.string().trim().max(500, 'validation.tooLong'),
  reference: z.string().trim().max(120, 'validation.tooLong'),
  vendor: z.string(),
  transaction_category: z.string(),
  notes: z.string().trim().max(2000, 'validation.tooLong'),
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

const icons = { credit: ArrowDownLeft, debit: ArrowUpRight } as const;

/** Money in | money out, a two-way segmented radio group (arrow keys switch). */
function DirectionToggle({
  value,
  onChange,
  label,
}: {
  value: TransactionType;
  onChange: (value: TransactionType) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) {
      event.preventDefault();
      const next: TransactionType = value === 'credit' ? 'debit' : 'credit';
      onChange(next);
      event.currentTarget.parentElement
        ?.querySelector<HTMLButtonElement>(`[data-value="${next}"]`)
        ?.focus();
    }
  };
  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-fg">{label}</span>
      <div
        role="radiogroup"
        aria-label={label}
        className="grid grid-cols-2 gap-1 rounded-xl bg-surface-muted p-1"
        data-testid="transaction-type"
      >
        {TRANSACTION_TYPES.map((type) => {
          const Icon = icons[type];
          const checked = value === type;
          return (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              data-value={type}
              onClick={() => onChange(type)}
              onKeyDown={onKeyDown}
              className={cn(
                'flex h-11 items-center justify-center gap-2 rounded-lg text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring sm:h-10',
                checked ? 'bg-surface text-fg shadow-card' : 'text-fg-muted hover:text-fg',
              )}
              data-testid={`transaction-type-${type}`}
            >
              <Icon
                className={cn(
                  'size-4',
                  checked && (type === 'credit' ? 'text-success' : 'text-danger'),
                )}
                aria-hidden="true"
              />
              {t(`accounts.transactions.types.${type}`)}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** Add (no `transaction`) or edit a manual transaction of one account. */
export function TransactionFormDialog({
  open,
  onOpenChange,
  accountId,
  transaction,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: string;
  transaction?: AccountTransaction | null;
}) {
  return (
    <TransactionForm
      key={open ? (transaction?.id ?? 'new') : 'closed'}
      open={open}
      onOpenChange={onOpenChange}
      accountId={accountId}
      transaction={transaction ?? null}
    />
  );
}

function TransactionForm({
  open,
  onOpenChange,
  accountId,
  transaction,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: string;
  transaction: AccountTransaction | null;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateTransaction();
  const update = useUpdateTransaction();
  const vendors = useVendorChoices(open);
  const mutation = transaction ? update : create;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TransactionFormInput, unknown, TransactionFormValues>({
    resolver: zodResolver(transactionFormSchema),
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
  });

  const onSubmit = handleSubmit((values) => {
    const body = {
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
    };
    const done = () => {
      toast.success(t(transaction ? 'accounts.toast.txUpdated' : 'accounts.toast.txCreated'));
      onOpenChange(false);
    };
    const failed = (error: unknown) => applyServerFieldErrors(error, FIELDS, setError);
    if (transaction)
      update.mutate({ id: transaction.id, data: body }, { onSuccess: done, onError: failed });
    else create.mutate(body, { onSuccess: done, onError: failed });
  });

  const vendorOptions = (vendors.data?.items ?? []).map((vendor) => ({
    value: vendor.id,
    label: vendor.name,
  }));
  // Keep the current vendor choosable while the list loads.
  const current = transaction?.expand?.vendor;
  if (current && !vendorOptions.some((option) => option.value === current.id))
    vendorOptions.unshift({ value: current.id, label: current.name });

  const hasFieldErrors = FIELDS.some((field) => errors[field]?.type === 'server');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        transaction ? t('accounts.transactions.editTitle') : t('accounts.transactions.addTitle')
      }
      description={t('accounts.transactions.formSubtitle')}
      onSubmit={onSubmit}
      submitLabel={transaction ? t('kit.actions.saveChanges') : t('accounts.transactions.add')}
      busy={mutation.isPending}
      error={mutation.isError && !hasFieldErrors ? errorMessage(mutation.error, t) : null}
      testId="transaction-form"
    >
      <Controller
        control={control}
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
          label={t('accounts.transactions.fields.amount')}
          autoFocus
          error={fieldError(t, errors.amount)}
          data-testid="transaction-amount"
          {...register('amount', { setValueAs: parseDecimalInput })}
        />
        <DateField
          label={t('accounts.transactions.fields.date')}
          error={fieldError(t, errors.transaction_date)}
          data-testid="transaction-date"
          {...register('transaction_date')}
        />
      </div>
      <TextField
        label={t('accounts.transactions.fields.description')}
        optional
        placeholder={t('accounts.transactions.fields.descriptionPlaceholder')}
        error={fieldError(t, errors.description)}
        data-testid="transaction-description"
        {...register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('accounts.transactions.fields.reference')}
          optional
          placeholder={t('accounts.transactions.fields.referencePlaceholder')}
          error={fieldError(t, errors.reference)}
          data-testid="transaction-reference"
          {...register('reference')}
        />
        <SelectField
          label={t('accounts.transactions.fields.category')}
          optional
          placeholder={t('accounts.transactions.noCategory')}
          options={MANUAL_CATEGORIES.map((category) => ({
            value: category,
            label: t(`accounts.categories.${category}`),
          }))}
          error={fieldError(t, errors.transaction_category)}
          data-testid="transaction-category"
          {...register('transaction_category')}
        />
      </div>
      <SelectField
        label={t('accounts.transactions.fields.vendor')}
        optional
        placeholder={t('accounts.transactions.noVendor')}
        options={vendorOptions}
        error={fieldError(t, errors.vendor)}
        data-testid="transaction-vendor"
        {...register('vendor')}
      />
      <TextAreaField
        label={t('accounts.transactions.fields.notes')}
        optional
        rows={2}
        error={fieldError(t, errors.notes)}
        data-testid="transaction-notes"
        {...register('notes')}
      />
    </FormDialog>
  );
}
