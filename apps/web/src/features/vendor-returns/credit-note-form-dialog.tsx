import { formatInr, toPaise, type CreditNote } from '@siteledger/domain';
import { type DefaultValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCloseOnSave } from '../../components/form/use-close-on-save';
import { todayIso } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { useGuardedForm } from '../../components/ui/use-record-form';
import { errorMessage, isApiError } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form';
import { useCreateCreditNote, useUpdateCreditNote } from './api';
import { CreditNoteFields } from './credit-note-fields';
import { GST_FIELDS, gstBody } from './credit-note-gst-form';
import {
  amountBelowUsed,
  creditNoteChanges,
  creditNoteSchema,
  type CreditNoteFormInput,
} from './credit-note-form';

const FIELDS = [
  'vendor',
  'credit_amount',
  'issue_date',
  'expiry_date',
  'reference',
  'reason',
  ...GST_FIELDS,
] as const;
/** The server's names of the invoice the picker chooses (issue 40). */
const ORIGINAL_FIELDS = ['original_delivery', 'original_booking'] as const;
/** Refusals that are about the amount: shown under it. */
const AMOUNT_CODES = new Set(['CREDIT_NOTE_AMOUNT_BELOW_USED', 'REFUND_EXCEEDS_RETURN']);

/** A standalone credit note from a vendor (no `note`), or a correction of one (`note`). */
export function CreditNoteFormDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  note?: CreditNote | null;
}) {
  const note = props.note ?? null;
  return (
    <CreditNoteForm
      key={props.open ? (note?.id ?? 'new') : 'closed'}
      open={props.open}
      onOpenChange={props.onOpenChange}
      note={note}
    />
  );
}

function defaults(note: CreditNote | null): DefaultValues<CreditNoteFormInput> {
  if (!note)
    return { vendor: '', issue_date: todayIso(), expiry_date: '', reference: '', reason: '' };
  return {
    vendor: note.vendor,
    credit_amount: note.credit_amount,
    issue_date: note.issue_date,
    expiry_date: note.expiry_date ?? '',
    reference: note.reference ?? '',
    reason: note.reason ?? '',
  };
}

function CreditNoteForm({
  open,
  onOpenChange,
  note,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  note: CreditNote | null;
}) {
  const { t } = useTranslation();
  const create = useCreateCreditNote();
  const update = useUpdateCreditNote();
  const mutation = note ? update : create;
  // Asks before typed work is discarded.
  const { form, guard } = useGuardedForm({
    schema: creditNoteSchema,
    defaultValues: defaults(note),
    open,
    onOpenChange,
    draft: note ? null : 'credit-note',
  });
  const closeSaved = useCloseOnSave(guard, onOpenChange);
  const { handleSubmit, setError } = form;
  const amountError = (message: string) =>
    setError('credit_amount', { type: 'server', message }, { shouldFocus: true });
  // A refusal about one field is shown under it only, so it goes once the field is changed.
  const failed = (error: unknown) => {
    if (isApiError(error) && AMOUNT_CODES.has(error.code)) {
      amountError(error.message);
      mutation.reset();
    } else {
      const onFields = applyServerFieldErrors(error, FIELDS, setError);
      const onInvoice = applyServerFieldErrors(error, ORIGINAL_FIELDS, (_field, e) =>
        setError('original_invoice', e),
      );
      if (onFields || onInvoice) mutation.reset();
    }
  };

  const onSubmit = handleSubmit((values) => {
    if (!note) {
      const body = {
        vendor: values.vendor,
        ...gstBody(values),
        issue_date: values.issue_date ?? todayIso(),
        expiry_date: values.expiry_date || null,
        reference: values.reference || null,
        reason: values.reason || null,
      };
      create.mutate(body, {
        onSuccess: (saved) => {
          const amount = formatInr(toPaise(saved.credit_amount));
          closeSaved(t('vendorReturns.toast.creditNoteCreated', { amount }));
        },
        onError: failed,
      });
      return;
    }
    const used =
      values.credit_amount === undefined ? null : amountBelowUsed(note, values.credit_amount);
    if (used !== null) {
      amountError(t('creditNotes.edit.belowUsed', { used: formatInr(used) }));
      return;
    }
    const changes = creditNoteChanges(note, values);
    if (Object.keys(changes).length === 0) {
      onOpenChange(false);
      return;
    }
    update.mutate(
      { id: note.id, data: changes },
      {
        onSuccess: (saved) => {
          const balance = formatInr(toPaise(saved.balance));
          closeSaved(t('creditNotes.edit.saved', { balance }));
        },
        onError: failed,
      },
    );
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(note ? 'creditNotes.edit.title' : 'vendorReturns.creditNotes.addTitle')}
      description={t(note ? 'creditNotes.edit.subtitle' : 'vendorReturns.creditNotes.addSubtitle')}
      onSubmit={onSubmit}
      submitLabel={t(note ? 'kit.actions.saveChanges' : 'vendorReturns.creditNotes.add')}
      busy={mutation.isPending}
      error={mutation.isError ? errorMessage(mutation.error, t) : null}
      guard={guard}
      testId="credit-note-form"
    >
      <CreditNoteFields form={form} note={note} />
    </FormDialog>
  );
}
