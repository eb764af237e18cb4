import type { VendorReturn } from '@siteledger/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../components/ui/date-field';
import { useToast } from '../../components/ui/toast-context';
import { useStateGuard } from '../../components/ui/use-form-guard';
import { failureMessage } from '../../lib/api-client';
import { useFormPhotos } from '../../lib/use-form-photos';
import { useCreateReturn, useReturnableItems } from './api';
import { inr } from './money';
import { gstOf } from './return-gst';
import {
  buildBody,
  emptyDraft,
  gstPaise,
  lineDraftFor,
  rupeesText,
  serverErrors,
  STEPS,
  totalPaise,
  validateDetails,
  validateItems,
  validateRefund,
  type FormErrors,
  type ReturnDraft,
} from './return-form';
import type { DialogControl } from '../../components/dialog-control';

export const LAST_STEP = STEPS.length - 1;

/** The return wizard's state: draft, step, errors, per-step checks and the save call. */
export function useReturnWizard({ open, onOpenChange }: DialogControl) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateReturn();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<ReturnDraft>(() => emptyDraft(todayIso()));
  // Asks before typed work is discarded; a new return's draft survives a reload.
  const guard = useStateGuard(draft, setDraft, {
    open,
    onClose: () => onOpenChange(false),
    draft: 'vendor-return',
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const [amountTouched, setAmountTouched] = useState(false);
  // Once saved, the dialog offers photos of the returned goods (as the delivery form does).
  const [saved, setSaved] = useState<VendorReturn | null>(null);
  // Photos of the returned goods taken before saving go to the new return (issue 38).
  const { photos, setPhotos, send: sendPhotos } = useFormPhotos('vendor_returns');
  const returnable = useReturnableItems(draft.vendor);
  const rows = useMemo(() => returnable.data?.items ?? [], [returnable.data]);
  const total = totalPaise(draft, rows);
  // The vendor owes back the value plus the GST the lines reverse: the refund's default and cap.
  const gst = gstPaise(draft, rows);
  const owed = total + gstOf(gst);

  // Lines appear once the vendor's returnable list arrives; each starts unselected.
  const lines = { ...draft.lines };
  let missing = false;
  for (const row of rows) {
    if (!lines[row.delivery_item]) {
      lines[row.delivery_item] = lineDraftFor(row);
      missing = true;
    }
  }
  if (missing) setDraft({ ...draft, lines });

  const update = (patch: Partial<ReturnDraft>) => {
    if ('amount' in patch || 'creditAmount' in patch) setAmountTouched(true);
    setDraft((current) => ({ ...current, ...patch }));
    // An edited field drops its message; the rest stay until the next check.
    setErrors((current) => {
      const keys = Object.keys(patch);
      const stale = (key: string) =>
        keys.includes(key) || (keys.includes('lines') && key.startsWith('line'));
      return Object.fromEntries(Object.entries(current).filter(([key]) => !stale(key)));
    });
  };

  const validate = (index: number): FormErrors =>
    index === 0
      ? validateItems(draft, rows)
      : index === 1
        ? validateDetails(draft)
        : index === 2
          ? validateRefund(draft, owed)
          : {};

  const next = () => {
    const found = validate(step);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // The refund amount proposes all that is owed back until the person types one.
    if (step === 1 && !amountTouched) setDraft((d) => ({ ...d, amount: rupeesText(owed) }));
    setStep((value) => Math.min(LAST_STEP, value + 1));
  };

  const back = () => {
    setErrors({});
    setStep((value) => Math.max(0, value - 1));
  };

  const save = () => {
    for (let index = 0; index < LAST_STEP; index += 1) {
      const found = validate(index);
      if (Object.keys(found).length > 0) {
        setErrors(found);
        setStep(index);
        return;
      }
    }
    create.mutate(buildBody(draft, rows), {
      onSuccess: (record) => {
        guard.saved();
        toast.success(
          t('vendorReturns.toast.created', { amount: inr(record.total_return_amount) }),
        );
        setSaved(record);
        sendPhotos(record.id, (names) => setSaved({ ...record, photos: names }));
      },
      onError: (error) => {
        const mapped = serverErrors(error, draft, rows);
        if (mapped && Object.keys(mapped.errors).length > 0 && mapped.step < LAST_STEP) {
          setErrors(mapped.errors);
          setStep(mapped.step);
        }
      },
    });
  };

  // A new vendor brings a new returnable list: the old lines and messages go.
  const changeVendor = (vendor: string) => {
    setErrors({});
    setDraft((d) => ({ ...d, vendor, lines: {} }));
  };

  const changeRefundType = (refundType: ReturnDraft['refundType']) => {
    setErrors({});
    setDraft((d) => ({
      ...d,
      refundType,
      amount: amountTouched ? d.amount : rupeesText(owed),
    }));
  };

  const mapped = create.isError ? serverErrors(create.error, draft, rows) : null;
  const bottomError =
    create.isError && (!mapped || mapped.step === LAST_STEP)
      ? failureMessage(create.error, t, 'vendorReturns.errors.processing')
      : null;

  return {
    guard,
    step,
    draft,
    errors,
    saved,
    rows,
    total,
    gst,
    owed,
    returnable,
    busy: create.isPending,
    bottomError,
    update,
    next,
    back,
    save,
    changeVendor,
    changeRefundType,
    photos,
    setPhotos,
  };
}
