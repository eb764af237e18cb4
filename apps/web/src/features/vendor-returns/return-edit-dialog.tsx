import { formatInr, RETURN_REASONS, toPaise, type VendorReturn } from '@siteledger/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDraftField } from './draft-field';
import { useCloseOnSave } from '../../components/form/use-close-on-save';
import { DateField } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { useStateGuard } from '../../components/ui/use-form-guard';
import { errorMessage } from '../../lib/api-client';
import { useLineReturnables, useUpdateReturn } from './api';
import {
  editBody,
  editDraftFor,
  editServerErrors,
  editGstPaise,
  editTotalPaise,
  validateEdit,
  type EditLineDraft,
  type ReturnEditDraft,
} from './return-edit-form';
import { ReturnEditLines } from './return-edit-lines';
import { ReturnPhotos } from './return-photos';
import type { FormErrors } from './return-form';
import { enumOptions } from './return-steps';
import { gstOf } from './return-gst';
import { SupplierCreditNoteFields } from './supplier-credit-note-fields';

/**
 * Correct a return before any refund: date, reason, notes and each line's quantity, rate,
 * condition and notes. Quantities are checked against what each delivery line can still give
 * back without this return's own quantities (the server checks again); the total follows.
 */
export function ReturnEditDialog({
  record,
  open,
  onOpenChange,
}: {
  record: VendorReturn;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return open ? (
    <ReturnEditForm key={record.id} record={record} onOpenChange={onOpenChange} />
  ) : null;
}

function ReturnEditForm({
  record,
  onOpenChange,
}: {
  record: VendorReturn;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateReturn();
  const [draft, setDraft] = useState<ReturnEditDraft>(() => editDraftFor(record));
  const [errors, setErrors] = useState<FormErrors>({});
  // Asks before typed corrections are discarded.
  const guard = useStateGuard(draft, setDraft, { open: true, onClose: () => onOpenChange(false) });
  const closeSaved = useCloseOnSave(guard, onOpenChange);
  const returnables = useLineReturnables(
    record.items.map((line) => line.delivery_item),
    true,
  );
  // A field's message goes as soon as that field is changed.
  const clear = (keys: readonly string[]) =>
    setErrors((current) => {
      if (!keys.some((key) => key in current)) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });
  const patch = (change: Partial<ReturnEditDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    clear(Object.keys(change));
  };
  const field = useDraftField(draft, errors, patch);
  const setLine = (id: string, change: Partial<EditLineDraft>) => {
    setDraft((d) => ({
      ...d,
      lines: d.lines.map((line) => (line.id === id ? { ...line, ...change } : line)),
    }));
    clear(Object.keys(change).map((field) => `line.${id}.${field}`));
  };
  const total = editTotalPaise(draft);
  const gst = editGstPaise(draft, record);
  // A return of rated lines owes back its GST too: the footer adds it once there is any.
  const rated = record.items.some(
    (line) => (line.expand?.delivery_item?.gst_rate ?? null) !== null,
  );

  const save = () => {
    const found = validateEdit(draft, record, returnables.byLine);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = editBody(draft, record);
    if (Object.keys(body).length === 0) {
      onOpenChange(false);
      return;
    }
    update.mutate(
      { id: record.id, data: body },
      {
        onSuccess: (saved) => {
          const amount = formatInr(toPaise(saved.total_return_amount));
          closeSaved(t('returns.edit.saved', { total: amount }));
        },
        onError: (error) => setErrors(editServerErrors(error, body) ?? {}),
      },
    );
  };

  const fieldErrors = Object.keys(errors).length > 0;
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t('returns.edit.title')}
      description={t('returns.edit.subtitle', { vendor: record.expand?.vendor?.name ?? '' })}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      submitLabel={t('kit.actions.saveChanges')}
      busy={update.isPending}
      error={update.isError && !fieldErrors ? errorMessage(update.error, t) : null}
      size="lg"
      footerStart={
        <span className="text-sm text-fg-muted">
          {t('vendorReturns.fields.totalReturn')}:{' '}
          <span className="font-semibold tabular-nums text-fg" data-testid="return-edit-total">
            {total === null ? '—' : formatInr(total)}
          </span>
          {rated ? (
            <>
              {' + '}
              {t('vendorReturns.gst.reversed')}{' '}
              <span className="tabular-nums text-fg" data-testid="return-edit-gst">
                {gst === null ? '—' : formatInr(gstOf(gst))}
              </span>
              {' = '}
              {t('vendorReturns.gst.toGetBack')}{' '}
              <span className="font-semibold tabular-nums text-fg" data-testid="return-edit-owed">
                {total === null || gst === null ? '—' : formatInr(total + gstOf(gst))}
              </span>
            </>
          ) : null}
        </span>
      }
      guard={guard}
      testId="return-edit"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          label={t('vendorReturns.fields.returnDate')}
          {...field('returnDate')}
          data-testid="return-edit-date"
        />
        <SelectField
          label={t('vendorReturns.fields.reason')}
          options={enumOptions(t, 'vendorReturns.reasons', RETURN_REASONS)}
          {...field('reason')}
          data-testid="return-edit-reason"
        />
        <SupplierCreditNoteFields
          draft={draft}
          errors={errors}
          onChange={patch}
          testId="return-edit"
        />
        <TextAreaField
          label={t('vendorReturns.fields.notes')}
          optional
          rows={2}
          containerClassName="sm:col-span-2"
          {...field('notes')}
          data-testid="return-edit-notes"
        />
      </div>
      <ReturnEditLines
        record={record}
        lines={draft.lines}
        errors={errors}
        returnables={returnables.byLine}
        onChange={setLine}
      />
      <div className="border-t border-border pt-5">
        <ReturnPhotos record={record} canUpdate testId="return-edit-photos" />
      </div>
    </FormDialog>
  );
}
