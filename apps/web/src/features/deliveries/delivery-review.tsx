/**
 * Step 3 of the create form: everything that will be saved, with live totals in paise — on a bill
 * with GST rates, each line's rate and tax and the tax by rate, as the server will split it.
 */
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useItemOptions, useVendorOptions } from '../../lib/entity-options';
import { amountPaise, itemsPaise, linePaise, type CreateDeliveryInput } from './delivery-form';
import { DeliveryLinesTable, type LineRow } from './delivery-lines-table';
import { formatDeliveryDate, invoiceText } from './format-date';
import { GstPreviewBlock, TotalsSummary } from './delivery-totals';
import { stateLabel } from '../../components/gst/gst-figures';
import type { GstPreview } from './use-gst-preview';

function Section({
  title,
  onEdit,
  editLabel,
  children,
  testId,
}: {
  title: string;
  onEdit: () => void;
  editLabel: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className="rounded-xl border border-border p-4" data-testid={testId}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-fg">{title}</h3>
        <Button
          variant="ghost"
          size="sm"
          className="-mr-2 h-10 sm:h-8"
          icon={<Pencil className="size-3.5" aria-hidden="true" />}
          onClick={onEdit}
          aria-label={editLabel}
        >
          {editLabel}
        </Button>
      </div>
      {children}
    </section>
  );
}

export function DeliveryReview({
  onEdit,
  gst,
}: {
  onEdit: (step: number) => void;
  gst: GstPreview;
}) {
  const { t, i18n } = useTranslation();
  const { control } = useFormContext<CreateDeliveryInput>();
  const values = useWatch({ control });
  const vendors = useVendorOptions({ selectedIds: [values.vendor] });
  const items = useItemOptions({ selectedIds: values.lines?.map((line) => line.item) ?? [] });
  const vendor = vendors.byId(values.vendor);

  const rows: LineRow[] = (values.lines ?? []).map((line, index) => {
    const item = items.byId(line.item);
    return {
      key: String(index),
      itemName: item?.name ?? '—',
      unit: item?.unit ?? '',
      quantity: line.quantity ?? 0,
      unitPrice: line.unit_price ?? 0,
      totalPaise: linePaise(line.quantity, line.unit_price) ?? 0,
      gstRate: line.gst_rate ?? null,
      heads: gst.lines[index],
      notes: line.notes,
    };
  });
  const itemsTotal = itemsPaise(values.lines as CreateDeliveryInput['lines']);
  const tax = gst.itemised ? gst.tax : amountPaise(values.tax_amount);
  const roundOff = amountPaise(values.round_off);

  const fact = (label: string, value: ReactNode, testId: string) => (
    <div className="min-w-0">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm font-medium text-fg" data-testid={testId}>
        {value}
      </dd>
    </div>
  );

  return (
    <div className="space-y-4" data-testid="delivery-review">
      <Section
        title={t('deliveries.wizard.info')}
        onEdit={() => onEdit(0)}
        editLabel={t('deliveries.wizard.editInfo')}
        testId="delivery-review-info"
      >
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
          {fact(t('deliveries.fields.vendor'), vendor?.name ?? '—', 'delivery-review-vendor')}
          {fact(
            t('deliveries.fields.date'),
            formatDeliveryDate(values.delivery_date ?? '', i18n.language),
            'delivery-review-date',
          )}
          {fact(
            t('deliveries.fields.reference'),
            values.delivery_reference?.trim() || '—',
            'delivery-review-reference',
          )}
          {values.supplier_invoice_number?.trim() || values.supplier_invoice_date
            ? fact(
                t('gst.delivery.supplierInvoice'),
                invoiceText(
                  values.supplier_invoice_number?.trim() ?? '',
                  values.supplier_invoice_date
                    ? formatDeliveryDate(values.supplier_invoice_date, i18n.language)
                    : '',
                ),
                'delivery-review-invoice',
              )
            : null}
          {fact(
            t('gst.delivery.placeOfSupply'),
            gst.placeOfSupply ? stateLabel(t, gst.placeOfSupply) : '—',
            'delivery-review-place',
          )}
          {values.notes?.trim() ? (
            <div className="col-span-2 sm:col-span-3">
              {fact(t('deliveries.fields.notes'), values.notes, 'delivery-review-notes')}
            </div>
          ) : null}
        </dl>
      </Section>
      <Section
        title={t('deliveries.review.lines', { count: rows.length })}
        onEdit={() => onEdit(1)}
        editLabel={t('deliveries.wizard.editItems')}
        testId="delivery-review-lines"
      >
        <DeliveryLinesTable rows={rows} testId="delivery-review-table" />
        {gst.itemised ? (
          <div className="mt-4 border-t border-border pt-4">
            <GstPreviewBlock gst={gst} testId="delivery-review-gst" />
          </div>
        ) : null}
        <div className="mt-4 flex justify-end border-t border-border pt-4">
          <TotalsSummary
            className="w-full sm:max-w-xs"
            figures={{
              items: itemsTotal,
              tax,
              roundOff,
              total: itemsTotal + tax + roundOff,
              heads: gst.itemised ? gst.totals : undefined,
            }}
            testId="delivery-review-totals"
          />
        </div>
      </Section>
    </div>
  );
}
