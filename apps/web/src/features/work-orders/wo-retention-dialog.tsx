/**
 * "Release retention" (owner, on a completed work order): all that is held unless a smaller
 * amount is typed; the server records it as an RA bill of kind retention_release, paid like any.
 * Before the retention's due date (the end of the defect-liability period) the server refuses
 * (409 RETENTION_NOT_DUE) unless an owner releases it early, against a bank guarantee.
 */
import { formatInr, toPaise, type RetentionRelease, type WorkOrder } from '@siteledger/domain';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { DateField, dateSchema, todayIso } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { MoneyField, moneySchema } from '../../components/ui/money-field';
import { errorMessage, isApiError } from '../../lib/api-client';
import { formatBusinessDate } from '../../lib/dates';
import { applyServerFieldErrors } from '../../lib/form';
import { useSession } from '../../lib/session';
import { useReleaseRetention } from './api';

/** The server's refusal of a release dated before the due date (packages/domain errors). */
const RETENTION_NOT_DUE = 'RETENTION_NOT_DUE';

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

/** What the dialog needs of the order: the work order itself, or a row of the retention report. */
export type RetentionOrder = Pick<WorkOrder, 'id' | 'retention_held' | 'retention_due_date'>;

export function WoRetentionDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  order: RetentionOrder;
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
  order: RetentionOrder;
}) {
  const { t, i18n } = useTranslation();
  const { role } = useSession();
  const owner = role === 'owner';
  const release = useReleaseRetention();
  // The server's due date wins when it answered with one (the page's copy may be stale).
  const [serverDue, setServerDue] = useState<string | null>(null);
  const [early, setEarly] = useState(false);
  const { form, guard, closeSaved, fieldProps } = useDialogForm({
    schema: schema as unknown as z.ZodType<Values, Input>,
    defaultValues: { release_date: todayIso(), amount: order.retention_held },
    open,
    onOpenChange,
    draft: null,
    texts: 'workOrders.retention.fields',
  });
  const dueDate = serverDue ?? order.retention_due_date;
  const releaseDate = form.watch('release_date');
  const beforeDue = Boolean(dueDate && releaseDate && releaseDate < dueDate);
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);

  const onSubmit = form.handleSubmit((values) => {
    // `early` goes only with a release dated before the due date.
    const body: RetentionRelease = { ...values, ...(beforeDue && early ? { early: true } : {}) };
    release.mutate(
      { id: order.id, body },
      {
        onSuccess: (bill) =>
          closeSaved(
            t('workOrders.retention.saved', {
              number: bill.number,
              amount: formatInr(toPaise(bill.net_payable)),
            }),
          ),
        onError: (error) => {
          if (isApiError(error) && error.code === RETENTION_NOT_DUE) {
            const due = error.data.retention_due_date;
            if (typeof due === 'string') setServerDue(due);
            return;
          }
          applyServerFieldErrors(error, FIELDS, form.setError);
        },
      },
    );
  });
  const fieldErrors = FIELDS.some((name) => form.formState.errors[name]?.type === 'server');
  const held = formatInr(toPaise(order.retention_held));
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('workOrders.retention.title')}
      description={
        dueDate
          ? t('workOrders.retention.heldDue', { amount: held, date: date(dueDate) })
          : t('workOrders.retention.held', { amount: held })
      }
      onSubmit={onSubmit}
      submitLabel={t('workOrders.actions.retention')}
      busy={release.isPending}
      error={release.isError && !fieldErrors ? errorMessage(release.error, t) : null}
      guard={guard}
      testId="wo-retention-form"
    >
      <div className="space-y-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <MoneyField
            data-testid="wo-retention-amount"
            {...fieldProps('amount', { decimal: true })}
          />
          <DateField data-testid="wo-retention-date" {...fieldProps('release_date')} />
        </div>
        {beforeDue && dueDate ? (
          <div
            className="space-y-3 rounded-xl border border-warning-soft-fg/20 bg-warning-soft px-4 py-3 text-sm text-warning-soft-fg"
            role="status"
            data-testid="wo-retention-not-due"
          >
            <p className="flex gap-2">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {t(owner ? 'workOrders.retention.notDue' : 'workOrders.retention.notDueOwner', {
                  date: date(dueDate),
                })}
              </span>
            </p>
            {owner ? (
              <CheckboxField
                label={t('workOrders.retention.early')}
                checked={early}
                onChange={(event) => setEarly(event.target.checked)}
                data-testid="wo-retention-early"
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </FormDialog>
  );
}
