import { zodResolver } from '@hookform/resolvers/zod';
import { formatInr, toPaise, toRupees, type Delivery } from '@siteledger/domain';
import { useRef, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { useFormGuard } from '../../components/ui/use-form-guard';
import { useVendorOptions } from '../../lib/entity-options';
import type { QueueEntry } from '../../lib/offline-queue';
import { entryError, isQueued } from '../../lib/offline-queue-hooks';
import { keepPhotos } from '../../lib/queued-photos';
import { useSiteId } from '../../lib/site-records';
import { useFormPhotos } from '../../lib/use-form-photos';
import { useCreateDelivery } from './api';
import { deliveryDefaults, formErrors } from './queued-delivery';
import {
  amountPaise,
  blankToNull,
  createDeliverySchema,
  invoiceBody,
  itemsPaise,
  linePaise,
  STEP_FIELDS,
  validationErrors,
  type CreateDeliveryInput,
  type CreateDeliveryValues,
} from './delivery-form';
import { isItemised } from '../../components/gst/gst-figures';
import { useGstPreview } from './use-gst-preview';
import { poErrorField } from './delivery-from-po';
import { usePrefillFromPo } from './delivery-po-fields';
import { findRecentDuplicate, type RecentDuplicate } from './recent-duplicate';
import type { DialogControl } from '../../components/dialog-control';

export const LAST_STEP = 2;

/** The step that shows a field (no field: the review). */
const stepOf = (field: string | undefined): number =>
  field === undefined ? LAST_STEP : STEP_FIELDS[0].some((f) => field === f) ? 0 : 1;

/**
 * The request body for a new delivery with its lines. Each line says its rate (null: no GST);
 * a bill with rates sends no tax figure: the server computes it from the lines.
 */
export const deliveryBody = (values: CreateDeliveryValues) => ({
  vendor: values.vendor,
  delivery_date: values.delivery_date,
  delivery_reference: blankToNull(values.delivery_reference),
  ...invoiceBody(values),
  // Absent: the vendor's TDS section; null: this bill is outside TDS.
  ...(values.outside_tds ? { tds_section: null } : {}),
  notes: blankToNull(values.notes),
  ...(isItemised(values.lines) ? {} : { tax_amount: values.tax_amount ?? 0 }),
  round_off: values.round_off ?? 0,
  delivery_items: values.lines.map((line) => ({
    item: line.item,
    quantity: line.quantity,
    unit_price: line.unit_price,
    gst_rate: line.gst_rate ?? null,
    notes: blankToNull(line.notes),
    ...(line.po ? { purchase_order_line: line.po.line } : {}),
  })),
});

/** The delivery wizard's state: the form, the step, the live totals, Next's check and the save. */
export function useDeliveryWizard({
  open,
  onOpenChange,
  queued,
  fromPo = null,
}: DialogControl & {
  queued: QueueEntry | null;
  /** Receive against this purchase order (`?fromPo=`): its vendor and pending lines. */
  fromPo?: string | null;
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
  // Photos of the bill taken before saving: uploaded to the new delivery, or queued with it.
  const { photos, setPhotos, owner: photoOwner, send: sendPhotos } = useFormPhotos('deliveries');
  const siteId = useSiteId();
  const form = useForm<CreateDeliveryInput, unknown, CreateDeliveryValues>({
    resolver: zodResolver<CreateDeliveryInput, unknown, CreateDeliveryValues>(createDeliverySchema),
    defaultValues: deliveryDefaults(queued),
    // What the server said about a refused queued delivery, under its fields.
    errors: serverErrors,
  });
  const [lines, tax, roundOff, vendor, placeOfSupply, reverseCharge, deliveryDate] = useWatch({
    control: form.control,
    name: [
      'lines',
      'tax_amount',
      'round_off',
      'vendor',
      'place_of_supply',
      'reverse_charge',
      'delivery_date',
    ],
  });
  // Asks before closing with typed work; a new delivery's draft survives a reload (one per
  // purchase order it receives against, one for the rest).
  const guard = useFormGuard(form, {
    open,
    onClose: () => onOpenChange(false),
    draft: queued ? null : fromPo ? `delivery-po-${fromPo}` : 'delivery',
  });
  // A restored draft already holds the order's lines as they were being edited.
  const purchaseOrder = usePrefillFromPo(form, fromPo, guard.restored);
  // The vendor stays the purchase order's while a line is received against it.
  const poLocked = Boolean(fromPo) || (lines ?? []).some((line) => line.po);
  const items = itemsPaise(lines);
  const gst = useGstPreview(
    vendor,
    placeOfSupply,
    (lines ?? []).map((line) => ({
      taxable: linePaise(line.quantity, line.unit_price) ?? 0,
      gst_rate: line.gst_rate,
    })),
    reverseCharge === true,
  );
  // Under reverse charge the site pays the tax: the vendor's total leaves it out.
  const billTax = reverseCharge ? 0 : gst.itemised ? gst.tax : amountPaise(tax);
  const total = items + billTax + amountPaise(roundOff);
  const create = useCreateDelivery({
    entryKey: queued?.key ?? null,
    summarize: (body) => ({
      vendor: vendors.byId(body.vendor)?.name ?? null,
      reference: body.delivery_reference ?? null,
      amount: toRupees(total),
      date: body.delivery_date,
      photos: photos.length || null,
    }),
    beforeQueue: (key) => keepPhotos(key, photoOwner, photos),
  });

  const next = async () => {
    const fields = STEP_FIELDS[step] ?? [];
    if (await form.trigger(fields as unknown as Path<CreateDeliveryInput>[], { shouldFocus: true }))
      setStep((value) => Math.min(LAST_STEP, value + 1));
  };

  // "A delivery of ₹X from this vendor was recorded N minutes ago. Record another?"
  const [duplicate, setDuplicate] = useState<RecentDuplicate | null>(null);
  const [checking, setChecking] = useState(false);
  const duplicateAccepted = useRef(false);

  const save = form.handleSubmit(async (values) => {
    if (!duplicateAccepted.current) {
      setChecking(true);
      const found = await findRecentDuplicate(siteId, {
        vendor: values.vendor,
        date: values.delivery_date,
        totalPaise: total,
      });
      setChecking(false);
      if (found) return setDuplicate(found);
    }
    duplicateAccepted.current = false;
    create.mutate(deliveryBody(values), {
      onSuccess: (delivery) => {
        guard.saved();
        if (isQueued(delivery)) return onOpenChange(false);
        toast.success(
          t('deliveries.toast.created', { total: formatInr(toPaise(delivery.total_amount)) }),
        );
        setSaved(delivery);
        sendPhotos(delivery.id, (names) => setSaved({ ...delivery, photos: names }));
      },
      onError: (error) => {
        const poError = poErrorField(error, values.lines);
        const fieldErrors = poError ? [poError] : validationErrors(error);
        for (const [path, message] of fieldErrors) {
          form.setError(path as Path<CreateDeliveryInput>, { type: 'server', message });
        }
        const first = fieldErrors[0]?.[0];
        if (first) setStep(stepOf(first));
      },
    });
  });

  const duplicatePrompt = {
    duplicate,
    cancel: () => setDuplicate(null),
    recordAnother: () => {
      setDuplicate(null);
      duplicateAccepted.current = true;
      void save();
    },
  };

  return {
    form,
    create,
    guard,
    checking,
    duplicatePrompt,
    step,
    setStep,
    saved,
    items,
    total,
    gst,
    /** The bill's date: new lines take their items' rates in force then (issue 40 item 9). */
    deliveryDate,
    next,
    save,
    poLocked,
    purchaseOrder,
    photos,
    setPhotos,
    /** The chosen vendor (its open PO lines are proposed for items picked by hand). */
    vendor: vendor ?? '',
  };
}
