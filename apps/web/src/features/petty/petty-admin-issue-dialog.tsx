/**
 * "Issue imprest" (owners): a member of the site is given a fixed level of cash from an account
 * on a date (the account is debited at once); he spends from it and is replenished back to it.
 */
import { zImprestCreate } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { DateField, dateSchema, todayIso } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { MoneyField, moneySchema } from '../../components/ui/money-field';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField } from '../../components/ui/text-field';
import { useCreateImprest } from '../../data/petty';
import { errorMessage } from '../../lib/api-client';
import { ACTIVE_ONLY, useAccountList } from '../../lib/entity-options';
import { applyServerFieldErrors } from '../../lib/form';
import { formText } from '../../lib/form-schema';
import { formatRupees } from '../../lib/format';
import { useSiteMembers } from './petty-admin-api';

const schema = z.object({
  holder: z.string().min(1, 'pettyAdmin.validation.holderRequired'),
  amount: moneySchema({ positive: true }),
  issued_date: dateSchema() as z.ZodType<string, string>,
  account: z.string().min(1, 'pettyAdmin.validation.accountRequired'),
  notes: formText(zImprestCreate.shape.notes),
});
const FIELDS = ['holder', 'amount', 'issued_date', 'account', 'notes'] as const;

export function PettyIssueDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return open ? <IssueForm onOpenChange={onOpenChange} /> : null;
}

function IssueForm({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const create = useCreateImprest();
  const members = useSiteMembers();
  const accounts = useAccountList({ filters: ACTIVE_ONLY });
  const { form, guard, closeSaved, fieldProps } = useDialogForm({
    schema,
    defaultValues: { holder: '', issued_date: todayIso(), account: '', notes: '' },
    open: true,
    onOpenChange,
    draft: null,
    texts: 'pettyAdmin.issue.fields',
  });
  const { handleSubmit, setError, formState } = form;
  const holderOptions = (members.data ?? []).map((member) => ({
    value: member.user.id,
    label: `${member.user.name} · ${t(`roles.${member.role}`)}`,
  }));
  const onSubmit = handleSubmit((values) => {
    create.mutate(
      { ...values, notes: values.notes || null },
      {
        onSuccess: (saved) =>
          closeSaved(
            t('pettyAdmin.issue.saved', {
              name: saved.holder_name ?? '',
              amount: formatRupees(saved.amount),
            }),
          ),
        onError: (error) => applyServerFieldErrors(error, FIELDS, setError),
      },
    );
  });
  const fieldErrors = FIELDS.some((name) => formState.errors[name]?.type === 'server');

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t('pettyAdmin.issue.title')}
      description={t('pettyAdmin.issue.description')}
      onSubmit={onSubmit}
      submitLabel={t('pettyAdmin.issue.submit')}
      busy={create.isPending}
      error={create.isError && !fieldErrors ? errorMessage(create.error, t) : null}
      guard={guard}
      testId="petty-issue-form"
    >
      <SelectField
        placeholder={t('kit.select.choose')}
        options={holderOptions}
        data-testid="petty-issue-holder"
        {...fieldProps('holder', { hint: true })}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <MoneyField
          data-testid="petty-issue-amount"
          {...fieldProps('amount', { decimal: true, hint: true })}
        />
        <DateField warnFuture data-testid="petty-issue-date" {...fieldProps('issued_date')} />
      </div>
      <SelectField
        placeholder={t('kit.select.choose')}
        options={accounts.options}
        data-testid="petty-issue-account"
        {...fieldProps('account')}
      />
      <TextAreaField optional rows={2} data-testid="petty-issue-notes" {...fieldProps('notes')} />
    </FormDialog>
  );
}
