/**
 * "Pay wages": the sheet's net from one account on a date, in one transaction (POST …/pay). An
 * owner paying a draft approves it by paying; the server refuses an accountant a draft.
 */
import type { WageSheet } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { DateField, dateSchema, todayIso } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { SelectField } from '../../components/ui/select-field';
import { usePayWageSheet } from '../../data/wage-sheets';
import { rupeesMinus } from '@siteledger/domain';
import { errorMessage } from '../../lib/api-client';
import { ACTIVE_ONLY, useAccountList } from '../../lib/entity-options';
import { applyServerFieldErrors } from '../../lib/form';
import { rupees } from './wage-sheet-labels';

const schema = z.object({
  account: z.string().min(1, 'wageSheets.validation.accountRequired'),
  payment_date: dateSchema() as z.ZodType<string, string>,
});
const FIELDS = ['account', 'payment_date'] as const;

export function WageSheetPayDialog({
  sheet,
  open,
  onOpenChange,
}: {
  sheet: WageSheet;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return open ? <PayForm sheet={sheet} onOpenChange={onOpenChange} /> : null;
}

function PayForm({
  sheet,
  onOpenChange,
}: {
  sheet: WageSheet;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const pay = usePayWageSheet();
  const contractor = sheet.labour_contractor !== null;
  // A contractor is paid what his sheet still owes after TDS; the site's own workers the net.
  const due = contractor ? rupeesMinus(sheet.owed, sheet.paid_amount) : sheet.net;
  const accounts = useAccountList({ filters: ACTIVE_ONLY });
  const { form, guard, closeSaved, fieldProps } = useDialogForm({
    schema,
    defaultValues: { account: '', payment_date: todayIso() },
    open: true,
    onOpenChange,
    draft: null,
    texts: 'wageSheets.pay.fields',
  });
  const { handleSubmit, setError, formState } = form;
  const onSubmit = handleSubmit((body) => {
    const done = {
      onSuccess: () =>
        closeSaved(t('wageSheets.pay.saved', { number: sheet.number, amount: rupees(due) })),
      onError: (error: unknown) => applyServerFieldErrors(error, FIELDS, setError),
    };
    pay.mutate({ id: sheet.id, body }, done);
  });
  const fieldErrors = FIELDS.some((name) => formState.errors[name]?.type === 'server');

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t('wageSheets.pay.title', { number: sheet.number })}
      description={t(sheet.status === 'draft' ? 'wageSheets.pay.draftDue' : 'wageSheets.pay.due', {
        amount: rupees(due),
      })}
      onSubmit={onSubmit}
      submitLabel={t('wageSheets.pay.submit', { amount: rupees(due) })}
      busy={pay.isPending}
      error={pay.isError && !fieldErrors ? errorMessage(pay.error, t) : null}
      guard={guard}
      testId="ws-pay-form"
    >
      <SelectField
        placeholder={t('kit.select.choose')}
        options={accounts.options}
        data-testid="ws-pay-account"
        {...fieldProps('account')}
      />
      <DateField warnFuture data-testid="ws-pay-date" {...fieldProps('payment_date')} />
    </FormDialog>
  );
}
