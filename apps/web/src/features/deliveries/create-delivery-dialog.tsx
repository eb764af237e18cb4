/**
 * Record a delivery in three steps (spec part 2): delivery info → items → review. Each step is
 * checked before moving on; Back keeps every value. Saving posts the delivery with its lines in
 * one request; afterwards the dialog offers to add photos to the new delivery. Offline, the
 * delivery waits in the offline queue; a queued delivery the server refused comes back here,
 * filled in, through "Edit and retry".
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { formatInr, toPaise, toRupees, type Delivery } from '@siteledger/domain';
import { useState } from 'react';
import { FormProvider, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OfflineQueueNotice } from '../../components/offline-queue-notice';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useVendorOptions } from '../../lib/entity-options';
import type { QueueEntry } from '../../lib/offline-queue';
import { entryError, isQueued, useQueuedEdit } from '../../lib/offline-queue-hooks';
import { useCreateDelivery } from './api';
import { deliveryDefaults, formErrors } from './queued-delivery';
import {
  amountPaise,
  blankToNull,
  createDeliverySchema,
  itemsPaise,
  STEP_FIELDS,
  validationErrors,
  type CreateDeliveryInput,
  type CreateDeliveryValues,
} from './delivery-form';
import { DeliveryInfoFields } from './delivery-info-fields';
import { DeliveryLinesFields } from './delivery-lines-fields';
import { DeliveryReview } from './delivery-review';
import { DeliverySaved, DeliverySavedFooter } from './delivery-saved';
import { AdjustmentFields } from './delivery-totals';
import { StepDialog, StepNav, StepTotal } from '../../components/ui/step-dialog';

const LAST_STEP = 2;

export function CreateDeliveryDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const edit = useQueuedEdit('deliveries');
  return (
    <>
      <DeliveryWizard key={open ? 'open' : 'closed'} open={open} onOpenChange={onOpenChange} />
      {edit.entry ? (
        <DeliveryWizard
          key={edit.entry.key}
          open
          onOpenChange={(next) => (next ? undefined : edit.close())}
          queued={edit.entry}
        />
      ) : null}
    </>
  );
}

/** The step that shows a field (no field: the review). */
const stepOf = (field: string | undefined): number =>
  field === undefined ? LAST_STEP : STEP_FIELDS[0].some((f) => field === f) ? 0 : 1;

function DeliveryWizard({
  open,
  onOpenChange,
  queued = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  queued?: QueueEntry | null;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  // Names the chosen vendor in the offline queue's summary (the picker has loaded it).
  const vendors = useVendorOptions({ enabled: open });
  // A refused queued delivery opens where its problem is: the field's step, else the review.
  const [queuedErrors] = useState(() => validationErrors(entryError(queued)));
  const [serverErrors] = useState(() => formErrors(queuedErrors));
  const [step, setStep] = useState(() => (queued ? stepOf(queuedErrors[0]?.[0]) : 0));
  const [saved, setSaved] = useState<Delivery | null>(null);
  const form = useForm<CreateDeliveryInput, unknown, CreateDeliveryValues>({
    resolver: zodResolver<CreateDeliveryInput, unknown, CreateDeliveryValues>(createDeliverySchema),
    defaultValues: deliveryDefaults(queued),
    // What the server said about a refused queued delivery, under its fields.
    errors: serverErrors,
  });
  const [lines, tax, roundOff] = useWatch({
    control: form.control,
    name: ['lines', 'tax_amount', 'round_off'],
  });
  const items = itemsPaise(lines);
  const total = items + amountPaise(tax) + amountPaise(roundOff);
  const create = useCreateDelivery({
    entryKey: queued?.key ?? null,
    summarize: (body) => ({
      vendor: vendors.byId(body.vendor)?.name ?? null,
      reference: body.delivery_reference ?? null,
      amount: toRupees(total),
      date: body.delivery_date,
    }),
  });
  const steps = [
    t('deliveries.wizard.info'),
    t('deliveries.wizard.items'),
    t('deliveries.wizard.review'),
  ];

  const next = async () => {
    const fields = STEP_FIELDS[step] ?? [];
    if (await form.trigger(fields as unknown as Path<CreateDeliveryInput>[], { shouldFocus: true }))
      setStep((value) => Math.min(LAST_STEP, value + 1));
  };

  const save = form.handleSubmit((values) => {
    create.mutate(
      {
        vendor: values.vendor,
        delivery_date: values.delivery_date,
        delivery_reference: blankToNull(values.delivery_reference),
        notes: blankToNull(values.notes),
        tax_amount: values.tax_amount ?? 0,
        round_off: values.round_off ?? 0,
        delivery_items: values.lines.map((line) => ({
          item: line.item,
          quantity: line.quantity,
          unit_price: line.unit_price,
          notes: blankToNull(line.notes),
        })),
      },
      {
        onSuccess: (delivery) => {
          if (isQueued(delivery)) return onOpenChange(false);
          toast.success(
            t('deliveries.toast.created', { total: formatInr(toPaise(delivery.total_amount)) }),
          );
          setSaved(delivery);
        },
        onError: (error) => {
          const fieldErrors = validationErrors(error);
          for (const [path, message] of fieldErrors) {
            form.setError(path as Path<CreateDeliveryInput>, { type: 'server', message });
          }
          const first = fieldErrors[0]?.[0];
          if (first) setStep(stepOf(first));
        },
      },
    );
  });

  const serverFieldErrors = validationErrors(create.error).length > 0;
  const busy = create.isPending;
  const finished = saved !== null;

  const footer = finished ? (
    <DeliverySavedFooter delivery={saved} onDone={() => onOpenChange(false)} />
  ) : (
    <StepNav
      step={step}
      lastStep={LAST_STEP}
      busy={busy}
      labels={{
        back: t('deliveries.wizard.back'),
        next: t('deliveries.wizard.next'),
        save: t('deliveries.wizard.save'),
      }}
      onCancel={() => onOpenChange(false)}
      onBack={() => setStep((value) => Math.max(0, value - 1))}
      testId="delivery-wizard"
    />
  );

  return (
    <StepDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('deliveries.wizard.title')}
      description={finished ? undefined : t(`deliveries.wizard.hint${step}`)}
      steps={steps}
      step={finished ? steps.length : step}
      busy={busy}
      error={
        create.isError && !serverFieldErrors && !finished ? errorMessage(create.error, t) : null
      }
      onSubmit={(event) => {
        if (finished) {
          event.preventDefault();
          return;
        }
        if (step < LAST_STEP) {
          event.preventDefault();
          void next();
        } else void save(event);
      }}
      footer={footer}
      footerStart={
        !finished && step > 0 ? (
          <StepTotal
            label={t('deliveries.fields.total')}
            amount={formatInr(total)}
            testId="delivery-wizard-total"
          />
        ) : null
      }
      testId="delivery-wizard"
    >
      {finished ? null : <OfflineQueueNotice queued={queued} photos className="mb-4 space-y-3" />}
      <FormProvider {...form}>
        {finished ? (
          <DeliverySaved delivery={saved} />
        ) : step === 0 ? (
          <DeliveryInfoFields autoFocus />
        ) : step === 1 ? (
          <div className="space-y-6">
            <DeliveryLinesFields />
            <section className="space-y-3 border-t border-border pt-5">
              <h3 className="text-sm font-semibold text-fg">
                {t('deliveries.wizard.adjustments')}
              </h3>
              <AdjustmentFields itemsPaise={items} />
            </section>
          </div>
        ) : (
          <DeliveryReview onEdit={setStep} />
        )}
      </FormProvider>
    </StepDialog>
  );
}
