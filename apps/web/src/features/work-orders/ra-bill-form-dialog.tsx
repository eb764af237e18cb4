/**
 * "New RA bill" (or the latest bill's edit) from a work order: one card per BOQ line with what was
 * billed before and a big box for the cumulative quantity measured to date, the bill date and
 * "final bill", and the waterfall worked out live as the supervisor types. The server's refusal
 * (WO_QUANTITY_EXCEEDED, NOT_LATEST_BILL…) shows as its message. Without signal a new bill waits
 * in the offline queue (photos are taken once it is sent: they belong to the bill's lines, which
 * the server makes); a queued bill the server refused opens here again, filled in, to be fixed.
 */
import { formatInr, tdsRate, toPaise, type RaBill, type WorkOrder } from '@siteledger/domain';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { useSiteGst } from '../../components/gst/use-site-gst';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { DateField } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form';
import type { QueueEntry } from '../../lib/offline-queue';
import { entryError, isQueued } from '../../lib/offline-queue-hooks';
import { useOnlineStatus } from '../../lib/online-status';
import { useSiteId } from '../../lib/site-records';
import { uploadRaLinePhotos, useCreateRaBill, useUpdateRaBill, useVendor } from './api';
import { RaBillLineCard } from './ra-bill-line-card';
import { RaBillWaterfall } from './ra-bill-waterfall';
import {
  previousQuantities,
  raBody,
  raDefaults,
  raFormSchema,
  raPreview,
  raQueuedValues,
  type RaFormValues,
} from './ra-bill-form';

const FIELDS = ['bill_date', 'supplier_invoice_number', 'final', 'lines'] as const;

export function RaBillFormDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  order: WorkOrder;
  /** The latest bill, to edit; null records a new one. */
  bill: RaBill | null;
  /** A queued new bill the server refused, to fix and send again. */
  queued?: QueueEntry | null;
}) {
  const key = props.queued?.key ?? props.bill?.id ?? 'new';
  return <RaBillForm key={props.open ? key : 'closed'} queued={null} {...props} />;
}

function RaBillForm({
  open,
  onOpenChange,
  order,
  bill,
  queued,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  order: WorkOrder;
  bill: RaBill | null;
  queued: QueueEntry | null;
}) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const create = useCreateRaBill({
    entryKey: queued?.key ?? null,
    // What the offline queue's list shows of a waiting bill.
    summarize: (body) => ({
      vendor: order.expand?.vendor?.name ?? vendor?.name ?? null,
      // The net payable as the form shows it (paise formatted, not converted back to rupees).
      detail: [order.number, order.title, preview.ok ? formatInr(preview.figures.net_payable) : '']
        .filter(Boolean)
        .join(' · '),
      date: body.bill_date,
    }),
  });
  const [refusal] = useState(() => entryError(queued));
  const update = useUpdateRaBill();
  const save = bill ? update : create;
  // Read with the page, not when the form opens: offline the form still knows the TDS rate.
  const vendor = useVendor(order.vendor).data;
  const site = useSiteGst();
  const siteId = useSiteId();
  const toast = useToast();
  // Measurement photos per work-order line, sent to the bill's line once the bill is saved.
  const [photos, setPhotos] = useState<Record<string, File[]>>({});
  const { form, guard, closeSaved, fieldProps } = useDialogForm({
    schema: raFormSchema,
    defaultValues: queued ? raQueuedValues(order, queued) : raDefaults(order, bill),
    open,
    onOpenChange,
    draft: bill || queued ? null : `ra-bill-${order.id}`,
    texts: 'workOrders.raBill.fields',
  });
  const { control, handleSubmit, setError, formState } = form;
  const lines = useWatch({ control, name: 'lines' }) ?? [];
  const final = useWatch({ control, name: 'final' }) ?? false;
  const previous = previousQuantities(order, bill);
  const place = order.place_of_supply ?? site?.state_code ?? null;
  const preview = raPreview(
    {
      order,
      bill,
      tdsRate:
        order.tds_section && vendor ? tdsRate(order.tds_section, vendor.pan, vendor.tds_194c6) : 0,
      sameState: !vendor?.state_code || !place || vendor.state_code === place,
    },
    lines,
    final,
  );

  const onSubmit = handleSubmit((values: RaFormValues) => {
    const body = raBody(order, values);
    const onError = (error: unknown) => applyServerFieldErrors(error, FIELDS, setError);
    const onSuccess = async (saved: RaBill) => {
      const uploads = Object.entries(photos).flatMap(([orderLine, files]) => {
        const line = saved.lines.find((candidate) => candidate.work_order_line === orderLine);
        return line && files.length ? [uploadRaLinePhotos(siteId, saved.id, line.id, files)] : [];
      });
      const sent = await Promise.allSettled(uploads);
      // The bill is saved either way; a photo that did not go can be added again by editing it.
      if (sent.some((result) => result.status === 'rejected')) {
        toast.error(t('workOrders.raBill.photosFailed'));
      }
      closeSaved(
        t(bill ? 'workOrders.raBill.toast.updated' : 'workOrders.raBill.toast.created', {
          number: saved.number,
          amount: formatInr(toPaise(saved.net_payable)),
        }),
      );
    };
    if (bill) {
      const { work_order: _order, ...changes } = body;
      update.mutate(
        { id: bill.id, data: changes },
        { onSuccess: (saved) => void onSuccess(saved), onError },
      );
    } else {
      create.mutate(body, {
        onSuccess: (saved) => {
          if (!isQueued(saved)) return void onSuccess(saved);
          // Waiting to be sent: its lines (and so their photos) do not exist yet.
          if (Object.values(photos).some((files) => files.length > 0)) {
            toast.error(t('workOrders.raBill.photosNotKept'));
          }
          closeSaved(null);
        },
        onError,
      });
    }
  });
  const fieldErrors = FIELDS.some((name) => formState.errors[name]?.type === 'server');
  const failed = save.isError && !fieldErrors ? errorMessage(save.error, t) : null;
  const refused = refusal && !save.isError && !save.isSuccess ? errorMessage(refusal, t) : null;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        bill
          ? t('workOrders.raBill.editTitle', { number: bill.number })
          : t('workOrders.raBill.addTitle')
      }
      description={`${order.number ?? ''} · ${order.title}`}
      onSubmit={onSubmit}
      submitLabel={bill ? t('kit.actions.saveChanges') : t('workOrders.raBill.save')}
      busy={save.isPending}
      error={failed ?? refused}
      size="lg"
      footerStart={
        preview.ok ? (
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-fg-muted">{t('workOrders.waterfall.net')}</span>
            <span className="text-lg font-semibold tabular-nums text-fg" data-testid="ra-form-net">
              {formatInr(preview.figures.net_payable)}
            </span>
          </p>
        ) : null
      }
      guard={guard}
      testId="ra-form"
    >
      <ol className="grid grid-cols-1 gap-3" data-testid="ra-lines">
        {order.lines.map((line, index) => (
          <RaBillLineCard
            key={line.id}
            form={form}
            index={index}
            line={line}
            previousMilli={previous.get(line.id) ?? 0}
            amount={preview.ok ? (preview.figures.lines[index]?.amount ?? 0) : null}
            problem={!preview.ok && preview.line === index ? preview.code : null}
            saved={bill?.lines.find((candidate) => candidate.work_order_line === line.id)?.photos}
            photos={photos[line.id] ?? []}
            onPhotos={(files) => setPhotos((current) => ({ ...current, [line.id]: files }))}
            photosLater={!bill && !online}
          />
        ))}
      </ol>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <DateField warnFuture data-testid="ra-bill-date" {...fieldProps('bill_date')} />
        <TextField
          optional
          autoComplete="off"
          data-testid="ra-invoice"
          {...fieldProps('supplier_invoice_number')}
        />
      </div>
      <CheckboxField
        label={t('workOrders.raBill.fields.final')}
        data-testid="ra-final"
        {...form.register('final')}
      />
      {preview.ok ? (
        <RaBillWaterfall
          figures={preview.figures}
          retentionPercent={order.retention_percent}
          recoveryPercent={order.advance_recovery_percent}
        />
      ) : null}
    </FormDialog>
  );
}
