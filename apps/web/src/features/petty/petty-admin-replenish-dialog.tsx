/**
 * "Replenish" (owners, accountants): pays the holder back what was approved since the last
 * replenishment, from one account on a date; the cash in hand returns to the level. The amount is
 * the server's (`replenishment_due`); with nothing approved it answers NOTHING_TO_PAY.
 */
import type { Imprest } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { Alert } from '../../components/ui/alert';
import { DateField, dateSchema, todayIso } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { SelectField } from '../../components/ui/select-field';
import { useReplenishImprest } from '../../data/petty';
import { errorMessage } from '../../lib/api-client';
import { ACTIVE_ONLY, useAccountList } from '../../lib/entity-options';
import { applyServerFieldErrors } from '../../lib/form';
import { formatRupees } from '../../lib/format';

const schema = z.object({
  account: z.string().min(1, 'pettyAdmin.validation.accountRequired'),
  date: dateSchema() as z.ZodType<string, string>,
});
const FIELDS = ['account', 'date'] as const;

export function PettyReplenishDialog({
  imprest,
  onClose,
}: {
  imprest: Imprest | null;
  onClose: () => void;
}) {
  return imprest ? <ReplenishForm key={imprest.id} imprest={imprest} onClose={onClose} /> : null;
}

function ReplenishForm({ imprest, onClose }: { imprest: Imprest; onClose: () => void }) {
  const { t } = useTranslation();
  const replenish = useReplenishImprest();
  const accounts = useAccountList({ filters: ACTIVE_ONLY });
  const onOpenChange = (open: boolean) => !open && onClose();
  const { form, guard, closeSaved, fieldProps } = useDialogForm({
    schema,
    // The account it was issued from is the usual one to pay it back from.
    defaultValues: { account: imprest.account, date: todayIso() },
    open: true,
    onOpenChange,
    draft: null,
    texts: 'pettyAdmin.replenish.fields',
  });
  const { handleSubmit, setError, formState } = form;
  const due = imprest.replenishment_due;
  const name = imprest.holder_name ?? t('pettyAdmin.unknownHolder');
  const onSubmit = handleSubmit((body) => {
    replenish.mutate(
      { id: imprest.id, ...body },
      {
        onSuccess: () =>
          closeSaved(t('pettyAdmin.replenish.saved', { name, amount: formatRupees(due) })),
        onError: (error) => applyServerFieldErrors(error, FIELDS, setError),
      },
    );
  });
  const fieldErrors = FIELDS.some((field) => formState.errors[field]?.type === 'server');

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t('pettyAdmin.replenish.title', { name })}
      description={t('pettyAdmin.replenish.description')}
      onSubmit={onSubmit}
      submitLabel={t('pettyAdmin.replenish.submit', { amount: formatRupees(due) })}
      busy={replenish.isPending}
      error={replenish.isError && !fieldErrors ? errorMessage(replenish.error, t) : null}
      guard={guard}
      testId="petty-replenish-form"
    >
      <div
        className="rounded-xl bg-surface-muted/70 px-3.5 py-3"
        data-testid="petty-replenish-amount"
      >
        <p className="text-sm text-fg-muted">{t('pettyAdmin.replenish.willPay')}</p>
        <p className="text-xl font-semibold tabular-nums text-fg">{formatRupees(due)}</p>
      </div>
      {/* Said before sending; once the server has answered NOTHING_TO_PAY its words are shown. */}
      {due <= 0 && !replenish.isError ? (
        <Alert tone="info" testId="petty-replenish-nothing">
          {t('pettyAdmin.replenish.nothing')}
        </Alert>
      ) : null}
      <SelectField
        // Drawn again once the accounts arrive, so the select shows the one already chosen.
        key={accounts.data ? 'accounts' : 'loading'}
        placeholder={t('kit.select.choose')}
        options={accounts.options}
        data-testid="petty-replenish-account"
        {...fieldProps('account')}
      />
      <DateField warnFuture data-testid="petty-replenish-date" {...fieldProps('date')} />
    </FormDialog>
  );
}
