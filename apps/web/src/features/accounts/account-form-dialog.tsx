import { ACCOUNT_TYPES, zAccountCreate, type Account } from '@siteledger/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFieldProps } from '../../components/form/use-field-props';
import { ActiveSwitch } from '../../components/ui/active-switch';
import { MoneyField } from '../../components/ui/money-field';
import {
  freshFormKey,
  RecordFormDialog,
  type RecordFormProps,
} from '../../components/ui/record-form-dialog';
import { useRecordForm } from '../../components/ui/use-record-form';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { TextField } from '../../components/ui/text-field';
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

function AccountForm(props: RecordFormProps<Account>) {
  const { record: account } = props;
  const { t } = useTranslation();
  const { form, dialog } = useRecordForm({
    ...props,
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
  const fieldProps = useFieldProps(form, 'accounts.fields');
  return (
    <>
      <TextField
        autoFocus
        data-testid="account-name"
        {...fieldProps('name', { placeholder: true })}
      />
      <SelectField
        placeholder={t('kit.select.choose')}
        options={ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`accounts.types.${type}`) }))}
        data-testid="account-type"
        {...fieldProps('type')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          optional
          data-testid="account-bank"
          {...fieldProps('bank_name', { placeholder: true })}
        />
        <TextField
          optional
          inputMode="numeric"
          autoComplete="off"
          data-testid="account-number"
          {...fieldProps('account_number')}
        />
      </div>
      <MoneyField
        allowNegative
        data-testid="account-opening"
        {...fieldProps('opening_balance', { hint: true, decimal: true })}
      />
      <TextAreaField
        optional
        rows={2}
        data-testid="account-description"
        {...fieldProps('description')}
      />
      <ActiveSwitch
        label={t('accounts.fields.active')}
        description={t('accounts.fields.activeHint')}
        data-testid="account-active"
        {...form.register('is_active')}
      />
    </>
  );
}
