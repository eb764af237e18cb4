/**
 * Edit a delivery's lines. Save sends ONE `POST /api/batch` with a POST for each new line, a PATCH
 * (changed fields only) for each changed line and a DELETE for each removed line: all of it
 * applies or none of it. A BATCH_FAILED answer names the failing request; its line gets the error.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ReleaseOverpaymentAlert } from '../../components/release-overpayment';
import {
  freshOnOpen,
  useEditDialog,
  type EditDialogProps,
} from '../../components/record-fields/record-edit-dialog';
import { totalBelowPaid } from '../../lib/overpayment';
import {
  formatInr,
  permissionsFor,
  toPaise,
  type BatchRequestEntry,
  type Delivery,
} from '@siteledger/domain';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/ui/form-dialog';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useSiteId } from '../../lib/site-records';
import { useSaveDeliveryLines } from './api';
import {
  itemsPaise,
  lineFromDelivery,
  linePaise,
  linesFormSchema,
  type LinesFormInput,
  type LinesFormValues,
} from './delivery-form';
import { DeliveryLinesFields } from './delivery-lines-fields';
import { DELIVERY_RULES, failedStep, linesBatch, withRelease, type Target } from './lines-batch';
import { isItemised } from '../../components/gst/gst-figures';
import { GstPreviewBlock } from './delivery-totals';
import { useGstPreview } from './use-gst-preview';

export const EditLinesDialog = freshOnOpen(LinesForm);

function LinesForm({ open, onOpenChange, delivery }: EditDialogProps & { delivery: Delivery }) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const { role } = useSession();
  const can = permissionsFor(role);
  const save = useSaveDeliveryLines();
  const saved = useMemo(() => delivery.delivery_items ?? [], [delivery.delivery_items]);
  // A typed tax stays only while no line has a rate; rated lines bring their own (the server's
  // rule): the round-off always stays.
  const typedTax = isItemised(saved) ? 0 : toPaise(delivery.tax_amount);
  const adjust = typedTax + toPaise(delivery.round_off);
  const schema = useMemo(() => linesFormSchema(adjust), [adjust]);
  const form = useForm<LinesFormInput, unknown, LinesFormValues>({
    resolver: zodResolver<LinesFormInput, unknown, LinesFormValues>(schema),
    defaultValues: { lines: saved.map(lineFromDelivery) },
  });
  const lines = useWatch({ control: form.control, name: 'lines' });
  const { guard, saved: onSaved } = useEditDialog(form, { open, onOpenChange });
  const gst = useGstPreview(
    delivery.vendor,
    delivery.place_of_supply ?? undefined,
    (lines ?? []).map((line) => ({
      taxable: linePaise(line.quantity, line.unit_price) ?? 0,
      gst_rate: line.gst_rate,
    })),
    delivery.reverse_charge,
  );
  const newTotal =
    itemsPaise(lines) + (gst.itemised ? gst.tax : typedTax) + toPaise(delivery.round_off);
  const failure = failedStep(save.error);
  // What each request of the batch in flight stands for.
  const [targets, setTargets] = useState<Target[]>([]);
  // The batch last sent: releasing an overpayment sends it again with the flag.
  const [sent, setSent] = useState<BatchRequestEntry[]>([]);

  const onSubmit = form.handleSubmit((values) => {
    const batch = linesBatch(values.lines, saved, delivery.id, siteId);
    if (batch.requests.length === 0) {
      onOpenChange(false);
      return;
    }
    setTargets(batch.targets);
    send(batch.requests, batch.targets);
  });

  const send = (requests: BatchRequestEntry[], stepTargets: Target[]) => {
    setSent(requests);
    save.mutate(requests, {
      onSuccess: (result) => onSaved(result, 'deliveries.toast.linesSaved'),
      onError: (error) => {
        const step = failedStep(error);
        const target = step ? stepTargets[step.index] : undefined;
        if (!step || !target || !('line' in target) || step.error.code !== 'VALIDATION_FAILED')
          return;
        for (const [key, entry] of Object.entries(step.error.data)) {
          const message = (entry as { message?: unknown } | null)?.message;
          if (typeof message !== 'string') continue;
          const field = key === 'total_amount' ? 'unit_price' : key;
          form.setError(`lines.${target.line}.${field}` as Path<LinesFormInput>, {
            type: 'server',
            message,
          });
        }
      },
    });
  };
  const below = totalBelowPaid(save.error);

  let error: string | null = null;
  if (save.isError) {
    const target = failure ? targets[failure.index] : undefined;
    if (!failure) error = errorMessage(save.error, t);
    else if (below) error = null;
    else if (!target || DELIVERY_RULES.has(failure.error.code)) error = failure.error.message;
    else if ('line' in target)
      error = t('deliveries.linesEditor.lineFailed', {
        number: target.line + 1,
        message: failure.error.message,
      });
    else
      error = t('deliveries.linesEditor.removedFailed', {
        item: target.removed,
        message: failure.error.message,
      });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('deliveries.linesEditor.title')}
      description={t('deliveries.linesEditor.description')}
      onSubmit={onSubmit}
      submitLabel={t('kit.actions.saveChanges')}
      busy={save.isPending}
      error={error}
      size="xl"
      footerStart={
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-fg-muted">{t('deliveries.linesEditor.newTotal')}</span>
          <span
            className="text-lg font-semibold tabular-nums text-fg"
            data-testid="delivery-lines-new-total"
          >
            {formatInr(newTotal)}
          </span>
          {newTotal !== toPaise(delivery.total_amount) ? (
            <span className="text-xs text-fg-muted">
              {t('deliveries.linesEditor.was', {
                amount: formatInr(toPaise(delivery.total_amount)),
              })}
            </span>
          ) : null}
        </p>
      }
      guard={guard}
      testId="delivery-lines-editor"
    >
      {below ? (
        <ReleaseOverpaymentAlert
          below={below}
          busy={save.isPending}
          onRelease={() => send(withRelease(sent, saved), targets)}
        />
      ) : null}
      <FormProvider {...form}>
        <DeliveryLinesFields
          canRemove={(line) => !line.lineId || can.canDelete}
          rateDate={delivery.delivery_date}
          lineTax={(index) => {
            const line = gst.lines[index];
            return line ? line.cgst + line.sgst + line.igst || null : null;
          }}
        />
        <GstPreviewBlock gst={gst} testId="delivery-lines-gst" />
      </FormProvider>
    </FormDialog>
  );
}
