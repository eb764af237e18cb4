import { NotesField } from '../../components/record-fields/notes-field';
import { VendorField } from '../../components/record-fields/vendor-field';
import { formatInr, type PurchaseOrder } from '@siteledger/domain';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldProps } from '../../components/form/use-field-props';
import { TaxByRate } from '../../components/gst/tax-by-rate';
import { DateField } from '../../components/ui/date-field';
import {
  freshFormKey,
  RecordFormDialog,
  type RecordFormProps,
} from '../../components/ui/record-form-dialog';
import { useRecordForm } from '../../components/ui/use-record-form';
import { useCreatePurchaseOrder, useUpdatePurchaseOrder } from './api';
import { usePoPreview } from './po-gst-preview';
import {
  PO_FIELDS,
  poBody,
  poDefaults,
  poFormSchema,
  type PoFormValues,
  type PoPrefill,
} from './purchase-order-form';
import { PurchaseOrderLinesFields } from './purchase-order-lines-fields';

/**
 * Add (no `order`; optionally prefilled from a material request or a quotation) or edit a purchase order. The
 * form starts fresh each time the dialog opens.
 */
export function PurchaseOrderFormDialog({
  order,
  prefill = null,
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  order?: PurchaseOrder | null;
  prefill?: PoPrefill | null;
  onSaved?: (order: PurchaseOrder) => void;
}) {
  return (
    <PurchaseOrderForm
      key={`${freshFormKey(props.open, order)}-${prefill?.requestId ?? prefill?.quotationId ?? ''}`}
      record={order ?? null}
      prefill={prefill}
      {...props}
    />
  );
}

/** One kept draft per material request or quotation an order is raised from, one for the rest. */
const poDraftName = (prefill: PoPrefill | null): string =>
  prefill?.requestId
    ? `purchase-order-request-${prefill.requestId}`
    : prefill?.quotationId
      ? `purchase-order-quotation-${prefill.quotationId}`
      : 'purchase-order';

function PurchaseOrderForm({
  open,
  onOpenChange,
  record: order,
  onSaved,
  prefill,
}: RecordFormProps<PurchaseOrder> & { prefill: PoPrefill | null }) {
  const { t } = useTranslation();
  const { material_request: materialRequest, quotation, ...defaults } = poDefaults(order, prefill);
  const { form, dialog } = useRecordForm({
    schema: poFormSchema,
    defaultValues: defaults,
    body: (values: PoFormValues) =>
      poBody(values, order ? null : materialRequest, order ? null : quotation),
    open,
    onOpenChange,
    record: order,
    draft: poDraftName(prefill),
    create: useCreatePurchaseOrder(),
    update: useUpdatePurchaseOrder(),
    fields: PO_FIELDS,
    toasts: { created: 'purchaseOrders.toast.created', updated: 'purchaseOrders.toast.updated' },
    onSaved,
    texts: 'purchaseOrders.form',
  });
  const vendor = useWatch({ control: form.control, name: 'vendor' });
  const lines = useWatch({ control: form.control, name: 'lines' });
  const preview = usePoPreview(vendor || undefined, lines);
  const { control } = form;
  const fieldProps = useFieldProps(form, 'purchaseOrders.fields');
  const vendorFixed = Boolean(order && order.status !== 'draft');

  return (
    <RecordFormDialog
      {...dialog}
      description={
        order
          ? (order.number ?? t('purchaseOrders.draft'))
          : materialRequest
            ? t('purchaseOrders.form.fromRequestSubtitle')
            : quotation
              ? t('purchaseOrders.form.fromQuotationSubtitle')
              : t('purchaseOrders.form.addSubtitle')
      }
      size="xl"
      footerStart={
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-fg-muted">{t('purchaseOrders.fields.total')}</span>
          <span className="text-lg font-semibold tabular-nums text-fg" data-testid="po-form-total">
            {formatInr(preview.total)}
          </span>
        </p>
      }
      testId="po-form"
    >
      <VendorField
        control={control}
        label={t('purchaseOrders.fields.vendor')}
        disabled={vendorFixed}
        hint={vendorFixed ? t('purchaseOrders.form.vendorFixed') : undefined}
        testId="po-vendor"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField data-testid="po-order-date" {...fieldProps('order_date')} />
        <DateField optional data-testid="po-expected-date" {...fieldProps('expected_date')} />
      </div>
      <FormProvider {...form}>
        <PurchaseOrderLinesFields
          lineTax={(index) => {
            const line = preview.lines[index];
            return line ? line.cgst + line.sgst + line.igst : 0;
          }}
        />
      </FormProvider>
      <TaxByRate
        rows={preview.rows}
        totals={preview.totals}
        sameState={preview.sameState}
        testId="po-form-gst"
      />
      <NotesField
        form={form}
        name="terms"
        label={t('purchaseOrders.fields.terms')}
        rows={3}
        placeholder={t('purchaseOrders.form.termsPlaceholder')}
        data-testid="po-terms"
      />
      <NotesField
        form={form}
        label={t('purchaseOrders.fields.notes')}
        rows={2}
        data-testid="po-notes"
      />
    </RecordFormDialog>
  );
}
