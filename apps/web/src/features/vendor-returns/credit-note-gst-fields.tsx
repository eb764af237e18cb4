/**
 * The GST part of the credit-note form (issue 40 item 6): "the note carries GST", its taxable
 * value with a rate or the heads as printed, the invoice it reduces (the vendor's recent
 * deliveries and bookings) and the supplier's note number and date. Editing shows a GST note's
 * figures, which stay as issued.
 */
import {
  formatInr,
  toPaise,
  type CreditNote,
  type Delivery,
  type ServiceBooking,
} from '@siteledger/domain';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldProps } from '../../components/form/use-field-props';
import { GstRateField } from '../../components/gst/gst-form-fields';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { DateField } from '../../components/ui/date-field';
import { MoneyField } from '../../components/ui/money-field';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { fieldError } from '../../lib/form';
import { useRecordList } from '../../lib/site-records';
import type { CreditNoteFormInput, CreditNoteFormValues } from './credit-note-form';
import { typedTotalPaise } from './credit-note-gst-form';

type Form = UseFormReturn<CreditNoteFormInput, unknown, CreditNoteFormValues>;

/** The vendor's recent deliveries and bookings, newest first, as `kind:id` options. */
function OriginalInvoiceSelect({ form }: { form: Form }) {
  const { t } = useTranslation();
  const vendor = useWatch({ control: form.control, name: 'vendor' });
  const enabled = Boolean(vendor);
  const deliveries = useRecordList<Delivery>(
    'deliveries',
    { vendor, perPage: 50, sort: '-delivery_date' },
    { enabled },
  );
  const bookings = useRecordList<ServiceBooking>(
    'service_bookings',
    { vendor, perPage: 50, sort: '-start_date' },
    { enabled },
  );
  const options = [
    ...(deliveries.data?.items ?? []).map((d) => ({
      value: `delivery:${d.id}`,
      label: t('creditNotes.gst.deliveryOption', {
        date: d.delivery_date,
        invoice: d.supplier_invoice_number || d.delivery_reference || '—',
        amount: formatInr(toPaise(d.total_amount)),
      }),
    })),
    ...(bookings.data?.items ?? []).map((b) => ({
      value: `booking:${b.id}`,
      label: t('creditNotes.gst.bookingOption', {
        date: b.start_date,
        amount: formatInr(toPaise(b.total_amount)),
      }),
    })),
  ];
  const fieldProps = useFieldProps(form, 'creditNotes.gst');
  return (
    <SelectField
      optional
      placeholder={t(enabled ? 'creditNotes.gst.noOriginal' : 'creditNotes.gst.chooseVendorFirst')}
      options={options}
      disabled={!enabled}
      data-testid="credit-note-original"
      {...fieldProps('original_invoice')}
    />
  );
}

function GstFigures({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { control } = form;
  const errors = form.formState.errors;
  const fieldProps = useFieldProps(form, 'creditNotes.gst');
  const values = useWatch({ control });
  const mode = values.gst_mode ?? 'rate';
  const total = typedTotalPaise({
    with_gst: values.with_gst,
    gst_mode: mode,
    taxable_amount: typeof values.taxable_amount === 'number' ? values.taxable_amount : undefined,
    cgst_amount: typeof values.cgst_amount === 'number' ? values.cgst_amount : undefined,
    sgst_amount: typeof values.sgst_amount === 'number' ? values.sgst_amount : undefined,
    igst_amount: typeof values.igst_amount === 'number' ? values.igst_amount : undefined,
  });
  const money = (name: 'cgst_amount' | 'sgst_amount' | 'igst_amount', text: string) => (
    <MoneyField
      optional
      data-testid={`credit-note-${name}`}
      {...fieldProps(name, { text, decimal: true })}
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <MoneyField
        hint={
          total !== null
            ? t('creditNotes.gst.total', { total: formatInr(total) })
            : t('creditNotes.gst.rateHint')
        }
        data-testid="credit-note-taxable"
        {...fieldProps('taxable_amount', { text: 'taxable', decimal: true })}
      />
      <SelectField
        options={[
          { value: 'rate', label: t('creditNotes.gst.modeRate') },
          { value: 'heads', label: t('creditNotes.gst.modeHeads') },
        ]}
        data-testid="credit-note-gst-mode"
        {...fieldProps('gst_mode', { text: 'mode' })}
      />
      {mode === 'rate' ? (
        <GstRateField
          control={control}
          name="gst_rate"
          label={t('gst.rate')}
          error={fieldError(t, errors.gst_rate)}
          data-testid="credit-note-gst-rate"
        />
      ) : (
        <>
          {money('cgst_amount', 'cgst')}
          {money('sgst_amount', 'sgst')}
          {money('igst_amount', 'igst')}
        </>
      )}
    </div>
  );
}

/** The add form's GST fields, below the vendor. */
export function CreditNoteGstFields({ form }: { form: Form }) {
  const fieldProps = useFieldProps(form, 'creditNotes.gst');
  const withGst = useWatch({ control: form.control, name: 'with_gst' });
  return (
    <>
      <CheckboxField data-testid="credit-note-with-gst" {...fieldProps('with_gst')} />
      {withGst ? <GstFigures form={form} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <OriginalInvoiceSelect form={form} />
        <TextField
          optional
          data-testid="credit-note-supplier-number"
          {...fieldProps('supplier_note_number')}
        />
        <DateField
          optional
          data-testid="credit-note-supplier-date"
          {...fieldProps('supplier_note_date')}
        />
      </div>
    </>
  );
}

/** A GST note's figures while editing: they stay as issued (delete an unused note to re-issue). */
export function CreditNoteGstSummary({ note }: { note: CreditNote }) {
  const { t } = useTranslation();
  if (note.taxable_amount === null) return null;
  const heads = [
    [t('creditNotes.gst.cgst'), note.cgst_amount],
    [t('creditNotes.gst.sgst'), note.sgst_amount],
    [t('creditNotes.gst.igst'), note.igst_amount],
  ] as const;
  return (
    <p
      className="rounded-xl bg-surface-muted/70 px-3 py-2 text-sm text-fg-muted"
      data-testid="credit-note-gst-summary"
    >
      {t('creditNotes.gst.summary', {
        taxable: formatInr(toPaise(note.taxable_amount)),
        heads: heads
          .filter(([, amount]) => amount > 0)
          .map(([label, amount]) => `${label} ${formatInr(toPaise(amount))}`)
          .join(' + '),
      })}
    </p>
  );
}
