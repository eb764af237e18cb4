import { ACCOUNT_TYPES, zAccountCreate, type Account } from '@siteledger/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ActiveSwitch } from '../../components/ui/active-switch';
import { MoneyField, parseDecimalInput } from '../../components/ui/money-field';
import {
  freshFormKey,
  RecordFormDialog,
  type RecordFormProps,
} from '../../components/ui/record-form-dialog';
import { useRecordForm } from '../../components/ui/use-record-form';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { TextField } from '../../components/ui/text-field';
import { fieldError } from '../../lib/form';
import { formSchema } from '../../lib/form-schema';
import { useCreateAccount, useUpdateAccount } from './api';

// The type select starts empty (''): the form takes any string and the domain's enum checks it.
const accountFormSchema = formSchema(
  zAccountCreate.extend({
    type: z.string().pipe(zAccountCreate.shape.type),
    opening_balance: zAccountCreate.shape.opening_balance.unwrap(),
    is_active: z.boolean(),
  }),
  { type: 'accounts.validation.typeRequired' },
);
type AccountFormInput = z.input<typeof accountFormSchema>;
type AccountFormValues = z.output<typeof accountFormSchema>;
type AccountForm = UseFormReturn<AccountFormInput, unknown, AccountFormValues>;

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
  account,
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  account?: Account | null;
}) {
  return (
    <AccountForm key={freshFormKey(props.open, account)} record={account ?? null} {...props} />
  );
}

function AccountForm({ open, onOpenChange, record: account }: RecordFormProps<Account>) {
  const { t } = useTranslation();
  const { form, dialog } = useRecordForm({
    schema: accountFormSchema,
    defaultValues: {
      name: account?.name ?? '',
      type: account?.type ?? '',
      account_number: account?.account_number ?? '',
      bank_name: account?.bank_name ?? '',
      description: account?.description ?? '',
      opening_balance: account?.opening_balance ?? 0,
      is_active: account?.is_active ?? true,
    },
    body: (values: AccountFormValues) => ({
      ...values,
      account_number: values.account_number || null,
      bank_name: values.bank_name || null,
      description: values.description || null,
    }),
    open,
    onOpenChange,
    record: account,
    draft: 'account',
    create: useCreateAccount(),
    update: useUpdateAccount(),
    fields: FIELDS,
    toasts: { created: 'accounts.toast.created', updated: 'accounts.toast.updated' },
    texts: 'accounts.form',
  });
  return (
    <RecordFormDialog
      {...dialog}
      description={account ? account.name : t('accounts.form.addSubtitle')}
      testId="account-form"
    >
      <AccountFields form={form} />
    </RecordFormDialog>
  );
}

function AccountFields({ form }: { form: AccountForm }) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
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
    </>
  );
}
