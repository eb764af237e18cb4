/**
 * Edit a delivery's header (PATCH): vendor, date, reference, supplier invoice, place of supply,
 * notes, tax and round-off. A bill with GST rates has no tax field: the server splits its lines
 * again for a new vendor or place, previewed here. The lines have their own editor (one atomic
 * batch).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ReleaseOverpaymentAlert } from '../../components/release-overpayment';
import {
  freshOnOpen,
  useEditDialog,
  type EditDialogProps,
} from '../../components/record-fields/record-edit-dialog';
import { totalBelowPaid } from '../../lib/overpayment';
import { toPaise, type Delivery } from '@siteledger/domain';
import { useMemo } from 'react';
import { FormProvider, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/ui/form-dialog';
import { errorMessage } from '../../lib/api-client';
import { useUpdateDelivery } from './api';
import {
  amountPaise,
  blankToNull,
  headerSchema,
  invoiceBody,
  validationErrors,
  type HeaderInput,
  type HeaderValues,
} from './delivery-form';
import { DeliveryInfoFields } from './delivery-info-fields';
import { AdjustmentFields, GstPreviewBlock, TotalsSummary } from './delivery-totals';
import { isItemised } from '../../components/gst/gst-figures';
import { useGstPreview } from './use-gst-preview';

export const EditDeliveryDialog = freshOnOpen(HeaderForm);

function HeaderForm({ open, onOpenChange, delivery }: EditDialogProps & { delivery: Delivery }) {
  const { t } = useTranslation();
  const update = useUpdateDelivery();
  const itemsTotal = toPaise(delivery.items_total);
  const savedLines = useMemo(() => delivery.delivery_items ?? [], [delivery.delivery_items]);
  const itemised = isItemised(savedLines);
  const schema = useMemo(() => headerSchema(itemsTotal, itemised), [itemsTotal, itemised]);
  const form = useForm<HeaderInput, unknown, HeaderValues>({
    resolver: zodResolver<HeaderInput, unknown, HeaderValues>(schema),
    defaultValues: {
      vendor: delivery.vendor,
      delivery_date: delivery.delivery_date,
      delivery_reference: delivery.delivery_reference ?? '',
      supplier_invoice_number: delivery.supplier_invoice_number ?? '',
      supplier_invoice_date: delivery.supplier_invoice_date ?? '',
      place_of_supply: delivery.place_of_supply ?? '',
      reverse_charge: delivery.reverse_charge,
      notes: delivery.notes ?? '',
      tax_amount: delivery.tax_amount,
      round_off: delivery.round_off,
    },
  });
  const [tax, roundOff, vendor, placeOfSupply, reverseCharge] = useWatch({
    control: form.control,
    name: ['tax_amount', 'round_off', 'vendor', 'place_of_supply', 'reverse_charge'],
  });
  const { guard, saved } = useEditDialog(form, { open, onOpenChange });
  const gst = useGstPreview(
    vendor,
    placeOfSupply,
    savedLines.map((line) => ({ taxable: toPaise(line.total_amount), gst_rate: line.gst_rate })),
    reverseCharge === true,
  );

  const save = (values: HeaderValues, release: boolean) => {
    update.mutate(
      {
        id: delivery.id,
        data: {
          vendor: values.vendor,
          delivery_date: values.delivery_date,
          delivery_reference: blankToNull(values.delivery_reference),
          ...invoiceBody(values),
          notes: blankToNull(values.notes),
          // A bill with GST rates takes its tax from the lines (a sent figure is refused).
          ...(itemised ? {} : { tax_amount: values.tax_amount ?? 0 }),
          round_off: values.round_off ?? 0,
          ...(release ? { release_overpayment: true } : {}),
        },
      },
      {
        onSuccess: (reply) => saved(reply, 'deliveries.toast.updated'),
        onError: (error) => {
          for (const [path, message] of validationErrors(error)) {
            if (path.startsWith('lines.')) continue; // shown above the form (lineError)
            form.setError(path as Path<HeaderInput>, { type: 'server', message });
          }
        },
      },
    );
  };
  const onSubmit = form.handleSubmit((values) => save(values, false));
  const below = totalBelowPaid(update.error);

  const serverErrors = validationErrors(update.error);
  // A line's rate the new vendor or place cannot carry (`lines.N.gst_rate`) has no field here.
  const lineError = serverErrors.find(([path]) => path.startsWith('lines.'))?.[1];
  const fieldErrors = serverErrors.some(([path]) => !path.startsWith('lines.'));
  const taxPaise = itemised ? gst.tax : amountPaise(tax);
  const roundOffPaise = amountPaise(roundOff);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('deliveries.edit.title')}
      description={t('deliveries.edit.description')}
      onSubmit={onSubmit}
      submitLabel={t('kit.actions.saveChanges')}
      busy={update.isPending}
      error={
        update.isError && !fieldErrors && !below
          ? (lineError ?? errorMessage(update.error, t))
          : null
      }
      size="lg"
      guard={guard}
      testId="delivery-edit"
    >
      {below ? (
        <ReleaseOverpaymentAlert
          below={below}
          busy={update.isPending}
          onRelease={() => void form.handleSubmit((values) => save(values, true))()}
        />
      ) : null}
      <FormProvider {...form}>
        <DeliveryInfoFields vendorLocked={delivery.paid_amount > 0} />
        <section className="space-y-3 border-t border-border pt-4">
          <h3 className="text-sm font-semibold text-fg">{t('deliveries.wizard.adjustments')}</h3>
          <GstPreviewBlock gst={gst} testId="delivery-edit-gst" />
          <AdjustmentFields itemsPaise={itemsTotal} gstTax={itemised ? gst.tax : null} />
          <TotalsSummary
            className="rounded-xl bg-surface-muted/60 p-4"
            figures={{
              items: itemsTotal,
              tax: taxPaise,
              roundOff: roundOffPaise,
              total: itemsTotal + (reverseCharge ? 0 : taxPaise) + roundOffPaise,
              heads: itemised ? gst.totals : undefined,
            }}
            testId="delivery-edit-totals"
          />
        </section>
      </FormProvider>
    </FormDialog>
  );
}
