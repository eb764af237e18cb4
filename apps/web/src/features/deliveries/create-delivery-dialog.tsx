/**
 * Record a delivery in three steps (spec part 2): delivery info → items → review. Each step is
 * checked before moving on; Back keeps every value. Saving posts the delivery with its lines in
 * one request; photos of the bill taken at the review go to the new delivery (afterwards the
 * dialog offers to add more). Offline, the delivery waits in the offline queue with its photos; a queued delivery the server refused comes back here,
 * filled in, through "Edit and retry".
 */
import { formatInr } from '@siteledger/domain';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormPhotos } from '../../components/form-photos';
import { OfflineQueueNotice } from '../../components/offline-queue-notice';
import { errorMessage } from '../../lib/api-client';
import type { QueueEntry } from '../../lib/offline-queue';
import { QueuedEditForms } from '../../components/queued-edit';
import { validationErrors } from './delivery-form';
import { DeliveryInfoFields } from './delivery-info-fields';
import { DeliveryLinesFields } from './delivery-lines-fields';
import { PoPicker } from './delivery-po-fields';
import { isPoRefusal } from './delivery-from-po';
import { DeliveryReview } from './delivery-review';
import { DuplicateDeliveryPrompt } from './duplicate-delivery-prompt';
import { DeliverySaved, DeliverySavedFooter } from './delivery-saved';
import { AdjustmentFields, GstPreviewBlock } from './delivery-totals';
import { LAST_STEP, useDeliveryWizard } from './use-delivery-wizard';
import { StepTotal } from '../../components/ui/step-dialog';
import { WizardDialog } from '../../components/wizard-parts';
import type { DialogControl } from '../../components/dialog-control';

/** A previewed line's GST (paise), or null when it has none. */
const lineTaxOf = (line: { cgst: number; sgst: number; igst: number } | undefined) =>
  line ? line.cgst + line.sgst + line.igst || null : null;

export function CreateDeliveryDialog({
  open,
  onOpenChange,
  fromPo = null,
}: DialogControl & {
  /** Receive against this purchase order: the form opens filled from it. */
  fromPo?: string | null;
}) {
  return (
    <QueuedEditForms
      collection="deliveries"
      open={open}
      onOpenChange={onOpenChange}
      formKey={`open-${fromPo ?? ''}`}
    >
      {(props) => <DeliveryWizard {...props} fromPo={props.queued ? null : fromPo} />}
    </QueuedEditForms>
  );
}
function DeliveryWizard({
  open,
  onOpenChange,
  queued = null,
  fromPo = null,
}: DialogControl & {
  queued?: QueueEntry | null;
  fromPo?: string | null;
}) {
  const { t } = useTranslation();
  const wizard = useDeliveryWizard({ open, onOpenChange, queued, fromPo });
  const { form, create, step, setStep, saved, items, total, gst, next, save } = wizard;
  const steps = [
    t('deliveries.wizard.info'),
    t('deliveries.wizard.items'),
    t('deliveries.wizard.review'),
  ];

  const serverFieldErrors = validationErrors(create.error).length > 0 || isPoRefusal(create.error);
  const busy = create.isPending || wizard.checking;
  const finished = saved !== null;

  return (
    <WizardDialog
      open={open}
      onOpenChange={onOpenChange}
      ns="deliveries"
      testId="delivery-wizard"
      steps={steps}
      step={step}
      lastStep={LAST_STEP}
      finished={finished}
      hint={t(`deliveries.wizard.hint${step}`)}
      busy={busy}
      error={
        create.isError && !serverFieldErrors
          ? errorMessage(create.error, t)
          : wizard.purchaseOrder.isError
            ? errorMessage(wizard.purchaseOrder.error, t)
            : null
      }
      onSubmit={(event) => {
        if (step < LAST_STEP) {
          event.preventDefault();
          void next();
        } else void save(event);
      }}
      onBack={() => setStep((value) => Math.max(0, value - 1))}
      savedFooter={
        saved ? <DeliverySavedFooter delivery={saved} onDone={() => onOpenChange(false)} /> : null
      }
      footerStart={
        step > 0 ? (
          <StepTotal
            label={t('deliveries.fields.total')}
            amount={formatInr(total)}
            testId="delivery-wizard-total"
          />
        ) : null
      }
      guard={wizard.guard}
    >
      <DuplicateDeliveryPrompt prompt={wizard.duplicatePrompt} />
      {finished ? null : <OfflineQueueNotice queued={queued} className="mb-4 space-y-3" />}
      <FormProvider {...form}>
        {finished ? (
          <DeliverySaved delivery={saved} />
        ) : step === 0 ? (
          <DeliveryInfoFields
            autoFocus
            fillPlace
            vendorLocked={wizard.poLocked}
            lockedHint={t('deliveries.po.vendorFixed')}
            tdsChoice
          />
        ) : step === 1 ? (
          <div className="space-y-6">
            {queued ? null : <PoPicker />}
            <DeliveryLinesFields
              lineTax={(index) => lineTaxOf(gst.lines[index])}
              proposeFromVendor={queued ? undefined : wizard.vendor}
              rateDate={wizard.deliveryDate}
            />
            <section className="space-y-3 border-t border-border pt-5">
              <h3 className="text-sm font-semibold text-fg">
                {t('deliveries.wizard.adjustments')}
              </h3>
              <GstPreviewBlock gst={gst} testId="delivery-gst" />
              <AdjustmentFields itemsPaise={items} gstTax={gst.itemised ? gst.tax : null} />
            </section>
          </div>
        ) : (
          <div className="space-y-6">
            <DeliveryReview onEdit={setStep} gst={gst} />
            <FormPhotos
              value={wizard.photos}
              onChange={wizard.setPhotos}
              title={t('deliveries.saved.photosTitle')}
              testId="delivery-form-photos"
            />
          </div>
        )}
      </FormProvider>
    </WizardDialog>
  );
}
