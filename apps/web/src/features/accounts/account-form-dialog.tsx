import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_TYPES, type Account, type AccountType } from '@siteledger/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../components/ui/form-dialog';
import { MoneyField, moneySchema, parseDecimalInput } from '../../components/ui/money-field';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors, fieldError } from '../../lib/form';
import { ActiveSwitch } from '../../components/ui/active-switch';
import { useCreateAccount, useUpdateAccount } from './api';

const isAccountType = (value: string): value is AccountType =>
  (ACCOUNT_TYPES as readonly string[]).includes(value);

const accountFormSchema = z.object({
  name: z.string().trim().min(1, 'validation.nameRequired').max(120, 'validation.tooLong'),
  type: z.string().refine(isAccountType, 'accounts.validation.typeRequired'),
  account_number: z.string().trim().max(40, 'validation.tooLong'),
  bank_name: z.string().trim().max(120, 'validation.tooLong'),
  description: z.string().trim().max(2000, 'validation.tooLong'),
  opening_balance: moneySchema({ allowNegative: true }),
  is_active: z.boolean(),
});
type AccountFormInput = z.input<typeof accountFormSchema>;
type AccountFormValues = z.output<typeof accountFormSchema>;

const FIELDS = [
  'name',
  'type',
  'account_number',
  'bank_name',
  'description',
  'opening_balance',
  'is_active',
] as const;

/** Add (no `account`) or edit an account. The form starts fresh each time the dialog opens. */
export function AccountFormDialog({
  open,
  onOpenChange,
  account,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  account?: Account | null;
}) {
  return (
    <AccountForm
      key={open ? (account?.id ?? 'new') : 'closed'}
      open={open}
      onOpenChange={onOpenChange}
      account={account ?? null}
    />
  );
}

function AccountForm({
  open,
  onOpenChange,
  account,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  account: Account | null;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const mutation = account ? update : create;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AccountFormInput, unknown, AccountFormValues>({
    resolver: zodResolver(accountFormSchema),
    defaultValues: {
      name: account?.name ?? '',
      type: account?.type ?? '',
      account_number: account?.account_number ?? '',
      bank_name: account?.bank_name ?? '',
      description: account?.description ?? '',
      opening_balance: account?.opening_balance ?? 0,
      is_active: account?.is_active ?? true,
    },
  });

  const onSubmit = handleSubmit((values) => {
    if (!isAccountType(values.type)) return;
    const body = {
      name: values.name,
      type: values.type,
      account_number: values.account_number || null,
      bank_name: values.bank_name || null,
      description: values.description || null,
      opening_balance: values.opening_balance,
      is_active: values.is_active,
    };
    const done = (saved: Account) => {
      toast.success(
        t(account ? 'accounts.toast.updated' : 'accounts.toast.created', { name: saved.name }),
      );
      onOpenChange(false);
    };
    const failed = (error: unknown) => applyServerFieldErrors(error, FIELDS, setError);
    if (account)
      update.mutate({ id: account.id, data: body }, { onSuccess: done, onError: failed });
    else create.mutate(body, { onSuccess: done, onError: failed });
  });

  const hasFieldErrors = FIELDS.some((field) => errors[field]?.type === 'server');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={account ? t('accounts.form.editTitle') : t('accounts.form.addTitle')}
      description={account ? account.name : t('accounts.form.addSubtitle')}
      onSubmit={onSubmit}
      submitLabel={account ? t('kit.actions.saveChanges') : t('accounts.form.add')}
      busy={mutation.isPending}
      error={mutation.isError && !hasFieldErrors ? errorMessage(mutation.error, t) : null}
      testId="account-form"
    >
      <TextField
        label={t('accounts.fields.name')}
        autoFocus
        placeholder={t('accounts.fields.namePlaceholder')}
        error={fieldError(t, errors.name)}
        data-testid="account-name"
        {...register('name')}
      />
      <SelectField
        label={t('accounts.fields.type')}
        placeholder={t('kit.select.choose')}
        options={ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`accounts.types.${type}`) }))}
        error={fieldError(t, errors.type)}
        data-testid="account-type"
        {...register('type')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('accounts.fields.bankName')}
          optional
          placeholder={t('accounts.fields.bankNamePlaceholder')}
          error={fieldError(t, errors.bank_name)}
          data-testid="account-bank"
          {...register('bank_name')}
        />
        <TextField
          label={t('accounts.fields.accountNumber')}
          optional
          inputMode="numeric"
          autoComplete="off"
          error={fieldError(t, errors.account_number)}
          data-testid="account-number"
          {...register('account_number')}
        />
      </div>
      <MoneyField
        label={t('accounts.fields.openingBalance')}
        allowNegative
        hint={t('accounts.fields.openingBalanceHint')}
        error={fieldError(t, errors.opening_balance)}
        data-testid="account-opening"
        {...register('opening_balance', { setValueAs: parseDecimalInput })}
      />
      <TextAreaField
        label={t('accounts.fields.description')}
        optional
        rows={2}
        error={fieldError(t, errors.description)}
        data-testid="account-description"
        {...register('description')}
      />
      <ActiveSwitch
        label={t('accounts.fields.active')}
        description={t('accounts.fields.activeHint')}
        data-testid="account-active"
        {...register('is_active')}
      />
    </FormDialog>
  );
}
