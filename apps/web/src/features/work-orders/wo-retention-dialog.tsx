/**
 * "Release retention" (owner, on a completed work order): all that is held unless a smaller
 * amount is typed; the server records it as an RA bill of kind retention_release, paid like any.
 */
import { formatInr, toPaise, type WorkOrder } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { DateField, dateSchema, todayIso } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { MoneyField, moneySchema } from '../../components/ui/money-field';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form';
import { useReleaseRetention } from './api';

const schema = z.object({
  release_date: dateSchema() as z.ZodType<string, string>,
  amount: moneySchema({ positive: true }),
});
type Values = z.output<typeof schema>;
interface Input {
  release_date: string;
  amount: number | undefined;
}
const FIELDS = ['release_date', 'amount'] as const;

export function WoRetentionDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  order: WorkOrder;
}) {
  return props.open ? <RetentionForm {...props} /> : null;
}

function RetentionForm({
  open,
  onOpenChange,
  order,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  order: WorkOrder;
}) {
  const { t } = useTranslation();
  const release = useReleaseRetention();
  const { form, guard, closeSaved, fieldProps } = useDialogForm({
    schema: schema as unknown as z.ZodType<Values, Input>,
    defaultValues: { release_date: todayIso(), amount: order.retention_held },
    open,
    onOpenChange,
    draft: null,
    texts: 'workOrders.retention.fields',
  });
  const onSubmit = form.handleSubmit((values) => {
    release.mutate(
      { id: order.id, body: values },
      {
        onSuccess: (bill) =>
          closeSaved(
            t('workOrders.retention.saved', {
              number: bill.number,
              amount: formatInr(toPaise(bill.net_payable)),
            }),
          ),
        onError: (error) => applyServerFieldErrors(error, FIELDS, form.setError),
      },
    );
  });
  const fieldErrors = FIELDS.some((name) => form.formState.errors[name]?.type === 'server');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('workOrders.retention.title')}
      description={t('workOrders.retention.held', {
        amount: formatInr(toPaise(order.retention_held)),
      })}
      onSubmit={onSubmit}
      submitLabel={t('workOrders.actions.retention')}
      busy={release.isPending}
      error={release.isError && !fieldErrors ? errorMessage(release.error, t) : null}
      guard={guard}
      testId="wo-retention-form"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <MoneyField
          data-testid="wo-retention-amount"
          {...fieldProps('amount', { decimal: true })}
        />
        <DateField data-testid="wo-retention-date" {...fieldProps('release_date')} />
      </div>
    </FormDialog>
  );
}
