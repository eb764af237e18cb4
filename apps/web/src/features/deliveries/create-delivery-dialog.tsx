/**
 * Record a delivery in three steps (spec part 2): delivery info → items → review. Each step is
 * checked before moving on; Back keeps every value. Saving posts the delivery with its lines in
 * one request; afterwards the dialog offers to add photos to the new delivery.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { formatInr, toPaise, type Delivery } from '@siteledger/domain';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { todayIso } from '../../components/ui/date-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useCreateDelivery } from './api';
import {
  amountPaise,
  blankToNull,
  createDeliverySchema,
  emptyLine,
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
import { StepDialog } from '../../components/ui/step-dialog';

const LAST_STEP = 2;

export function CreateDeliveryDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return <DeliveryWizard key={open ? 'open' : 'closed'} open={open} onOpenChange={onOpenChange} />;
}

function DeliveryWizard({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateDelivery();
  const [step, setStep] = useState(0);
  const [saved, setSaved] = useState<Delivery | null>(null);
  const form = useForm<CreateDeliveryInput, unknown, CreateDeliveryValues>({
    resolver: zodResolver<CreateDeliveryInput, unknown, CreateDeliveryValues>(createDeliverySchema),
    defaultValues: {
      vendor: '',
      delivery_date: todayIso(),
      delivery_reference: '',
      notes: '',
      tax_amount: undefined,
      round_off: undefined,
      lines: [emptyLine()],
    },
  });
  const [lines, tax, roundOff] = useWatch({
    control: form.control,
    name: ['lines', 'tax_amount', 'round_off'],
  });
  const items = itemsPaise(lines);
  const total = items + amountPaise(tax) + amountPaise(roundOff);
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
          if (first) setStep(STEP_FIELDS[0].some((f) => first === f) ? 0 : 1);
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
    <>
      {step === 0 ? (
        <Button
          variant="secondary"
          size="lg"
          className="sm:h-10 sm:rounded-lg sm:px-4 sm:text-sm"
          onClick={() => onOpenChange(false)}
          data-testid="delivery-wizard-cancel"
        >
          {t('common.cancel')}
        </Button>
      ) : (
        <Button
          variant="secondary"
          size="lg"
          className="sm:h-10 sm:rounded-lg sm:px-4 sm:text-sm"
          icon={<ArrowLeft className="size-4" aria-hidden="true" />}
          disabled={busy}
          onClick={() => setStep((value) => Math.max(0, value - 1))}
          data-testid="delivery-wizard-back"
        >
          {t('deliveries.wizard.back')}
        </Button>
      )}
      {step < LAST_STEP ? (
        <Button
          type="submit"
          size="lg"
          className="flex-row-reverse sm:h-10 sm:rounded-lg sm:px-4 sm:text-sm"
          icon={<ArrowRight className="size-4" aria-hidden="true" />}
          data-testid="delivery-wizard-next"
        >
          {t('deliveries.wizard.next')}
        </Button>
      ) : (
        <Button
          type="submit"
          size="lg"
          className="sm:h-10 sm:rounded-lg sm:px-4 sm:text-sm"
          loading={busy}
          icon={<Check className="size-4" aria-hidden="true" />}
          data-testid="delivery-wizard-save"
        >
          {t('deliveries.wizard.save')}
        </Button>
      )}
    </>
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
          <p className="flex items-baseline justify-between gap-3 sm:justify-start">
            <span className="text-fg-muted">{t('deliveries.fields.total')}</span>
            <span
              className="text-lg font-semibold tabular-nums text-fg"
              data-testid="delivery-wizard-total"
            >
              {formatInr(total)}
            </span>
          </p>
        ) : null
      }
      testId="delivery-wizard"
    >
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
