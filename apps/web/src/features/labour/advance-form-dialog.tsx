/**
 * "Give advance": money to a worker ahead of wages, paid from an account (the account is debited
 * at once); the worker's next wage sheet deducts it from the net.
 */
import { zWorkerAdvanceCreate } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { DateField, dateSchema, todayIso } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { MoneyField, moneySchema } from '../../components/ui/money-field';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField } from '../../components/ui/text-field';
import { useCreateWorkerAdvance, useWorkerChoices } from '../../data/wage-sheets';
import { errorMessage } from '../../lib/api-client';
import { ACTIVE_ONLY, useAccountList } from '../../lib/entity-options';
import { applyServerFieldErrors } from '../../lib/form';
import { formText } from '../../lib/form-schema';
import { rupees } from './wage-sheet-labels';

const schema = z.object({
  worker: z.string().min(1, 'wageSheets.validation.workerRequired'),
  amount: moneySchema({ positive: true }),
  advance_date: dateSchema() as z.ZodType<string, string>,
  account: z.string().min(1, 'wageSheets.validation.accountRequired'),
  notes: formText(zWorkerAdvanceCreate.shape.notes),
});
const FIELDS = ['worker', 'amount', 'advance_date', 'account', 'notes'] as const;

export function AdvanceFormDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return open ? <AdvanceForm onOpenChange={onOpenChange} /> : null;
}

function AdvanceForm({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const create = useCreateWorkerAdvance();
  const workers = useWorkerChoices();
  const accounts = useAccountList({ filters: ACTIVE_ONLY });
  const { form, guard, closeSaved, fieldProps } = useDialogForm({
    schema,
    defaultValues: { worker: '', advance_date: todayIso(), account: '', notes: '' },
    open: true,
    onOpenChange,
    draft: null,
    texts: 'wageSheets.advances.fields',
  });
  const { handleSubmit, setError, formState } = form;
  const onSubmit = handleSubmit((values) => {
    create.mutate(
      { ...values, notes: values.notes || null },
      {
        onSuccess: (saved) =>
          closeSaved(
            t('wageSheets.advances.saved', {
              amount: rupees(saved.amount),
              name: saved.worker_name,
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
      title={t('wageSheets.advances.addTitle')}
      description={t('wageSheets.advances.addDescription')}
      onSubmit={onSubmit}
      submitLabel={t('wageSheets.advances.submit')}
      busy={create.isPending}
      error={create.isError && !fieldErrors ? errorMessage(create.error, t) : null}
      guard={guard}
      testId="advance-form"
    >
      <SelectField
        placeholder={t('kit.select.choose')}
        options={workers.options}
        data-testid="advance-worker"
        {...fieldProps('worker')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <MoneyField data-testid="advance-amount" {...fieldProps('amount', { decimal: true })} />
        <DateField warnFuture data-testid="advance-date" {...fieldProps('advance_date')} />
      </div>
      <SelectField
        placeholder={t('kit.select.choose')}
        options={accounts.options}
        data-testid="advance-account"
        {...fieldProps('account')}
      />
      <TextAreaField optional rows={2} data-testid="advance-notes" {...fieldProps('notes')} />
    </FormDialog>
  );
}
