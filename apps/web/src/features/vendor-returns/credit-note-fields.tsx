import { NotesField } from '../../components/record-fields/notes-field';
import { VendorField } from '../../components/record-fields/vendor-field';
import { formatInr, type CreditNote } from '@siteledger/domain';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldProps } from '../../components/form/use-field-props';
import { DateField } from '../../components/ui/date-field';
import { MoneyField } from '../../components/ui/money-field';
import { TextField } from '../../components/ui/text-field';
import {
  balanceAfterPaise,
  usedPaiseOf,
  type CreditNoteFormInput,
  type CreditNoteFormValues,
} from './credit-note-form';
import { CreditNoteGstFields, CreditNoteGstSummary } from './credit-note-gst-fields';

type Form = UseFormReturn<CreditNoteFormInput, unknown, CreditNoteFormValues>;

/** Under the amount while editing: what payments used (the floor) and the balance it leaves. */
function AmountHint({ form, note }: { form: Form; note: CreditNote }) {
  const { t } = useTranslation();
  const raw = useWatch({ control: form.control, name: 'credit_amount' });
  const amount = typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
  const used = usedPaiseOf(note);
  return (
    <span data-testid="credit-note-amount-hint">
      {used > 0
        ? t('creditNotes.edit.usedHint', { used: formatInr(used) })
        : t('creditNotes.edit.unusedHint')}
      {amount !== null && amount > 0
        ? ` ${t('creditNotes.edit.balanceAfter', {
            balance: formatInr(Math.max(0, balanceAfterPaise(note, amount))),
          })}`
        : ''}
    </span>
  );
}

/** The credit note's fields; editing shows the vendor (it never changes) instead of a choice. */
export function CreditNoteFields({ form, note }: { form: Form; note: CreditNote | null }) {
  const { t } = useTranslation();
  const { control } = form;
  const fieldProps = useFieldProps(form, 'vendorReturns.fields');
  const withGst = useWatch({ control, name: 'with_gst' }) === true && note === null;
  return (
    <>
      {note ? (
        <p className="rounded-xl bg-surface-muted/70 px-3 py-2 text-sm">
          <span className="text-fg-muted">{t('vendorReturns.fields.vendor')}: </span>
          <span className="font-medium text-fg" data-testid="credit-note-vendor-name">
            {note.expand?.vendor?.name ?? '—'}
          </span>
        </p>
      ) : (
        // Searches on the server: a busy site has thousands of vendors.
        <VendorField
          control={control}
          label={t('vendorReturns.fields.vendor')}
          testId="credit-note-vendor"
        />
      )}
      {note ? <CreditNoteGstSummary note={note} /> : <CreditNoteGstFields form={form} />}
      <div className="grid gap-4 sm:grid-cols-2">
        {withGst ? null : (
          <MoneyField
            hint={note ? <AmountHint form={form} note={note} /> : undefined}
            // A GST note's amount is its taxable value plus its tax (issue 40): kept as issued.
            readOnly={note !== null && note.taxable_amount !== null}
            data-testid="credit-note-amount"
            {...fieldProps('credit_amount', { decimal: true })}
          />
        )}
        <TextField
          optional
          data-testid="credit-note-reference"
          {...fieldProps('reference', { text: 'creditReference' })}
        />
        <DateField data-testid="credit-note-issue-date" {...fieldProps('issue_date')} />
        <DateField
          optional
          data-testid="credit-note-expiry"
          {...fieldProps('expiry_date', { text: 'creditExpiry' })}
        />
      </div>
      <NotesField
        form={form}
        name="reason"
        label={t('vendorReturns.fields.reason')}
        rows={2}
        data-testid="credit-note-reason"
      />
    </>
  );
}
