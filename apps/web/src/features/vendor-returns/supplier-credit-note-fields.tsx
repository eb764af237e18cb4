/**
 * The supplier's credit note on a return (issue 40): its number and date, which the purchase
 * register and the Tally debit note carry. Used by the new-return wizard and the edit dialog.
 */
import { useTranslation } from 'react-i18next';
import { useDraftField } from './draft-field';
import { DateField, todayIso } from '../../components/ui/date-field';
import { TextField } from '../../components/ui/text-field';
import type { FormErrors } from './return-form';

interface Draft {
  creditNoteNumber: string;
  creditNoteDate: string;
}

export function SupplierCreditNoteFields({
  draft,
  errors,
  onChange,
  testId,
}: {
  draft: Draft;
  errors: FormErrors;
  onChange: (patch: Partial<Draft>) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const field = useDraftField(draft, errors, onChange);
  return (
    <>
      <TextField
        label={t('gst.supplierDocs.creditNoteNumber')}
        optional
        autoComplete="off"
        hint={t('gst.supplierDocs.creditNoteHint')}
        {...field('creditNoteNumber')}
        data-testid={`${testId}-credit-note-number`}
      />
      <DateField
        label={t('gst.supplierDocs.creditNoteDate')}
        optional
        max={todayIso()}
        {...field('creditNoteDate')}
        data-testid={`${testId}-credit-note-date`}
      />
    </>
  );
}
