/**
 * The Spent form's state (issue 46): the form on its schema with a kept draft, the imprest
 * proposed (the person's own), the bill's photos, and the save. Online it POSTs with an
 * Idempotency-Key and then uploads the photos; offline the body waits in the queue and the
 * photos in IndexedDB (keepPhotos) until the create replays, as a delivery's do.
 */
import { formatInr, toPaise, type PettyExpense, type Site } from '@siteledger/domain';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DialogControl } from '../../components/dialog-control';
import { useToast } from '../../components/ui/toast-context';
import { useGuardedForm } from '../../components/ui/use-record-form';
import { useCreatePettyExpense } from '../../data/petty';
import { useSiteRecord } from '../../data/sites';
import { applyServerFieldErrors } from '../../lib/form';
import type { QueueEntry } from '../../lib/offline-queue';
import { entryError, isQueued } from '../../lib/offline-queue-hooks';
import { keepPhotos } from '../../lib/queued-photos';
import { useFormPhotos } from '../../lib/use-form-photos';
import { useSiteId } from '../../lib/site-records';
import {
  PETTY_FIELDS,
  pettyExpenseBody,
  pettyExpenseDefaults,
  pettyExpenseSchema,
  photoNeededAbove,
} from './petty-expense-form';
import { usePettyImprests } from './use-petty-imprests';

/** The toast for the server's answer: approved at once, or waiting for the owner. */
export const savedToastKey = (expense: Pick<PettyExpense, 'status'>): string =>
  expense.status === 'approved' ? 'petty.toast.approved' : 'petty.toast.pending';

export function usePettyExpenseForm({
  open,
  onOpenChange,
  queued,
}: DialogControl & { queued: QueueEntry | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const imprests = usePettyImprests();
  // The person's own imprest, else the only one he may record on; an owner with several chooses.
  const proposed =
    imprests.mine[0]?.id ??
    (imprests.writable.length === 1 ? (imprests.writable[0]?.id ?? '') : '');
  const { form, guard } = useGuardedForm({
    schema: pettyExpenseSchema,
    defaultValues: pettyExpenseDefaults(proposed, queued),
    open,
    onOpenChange,
    draft: queued ? null : 'petty-expense',
  });
  const [imprest, budgetLine, gstBill, amount] = useWatch({
    control: form.control,
    name: ['imprest', 'budget_line', 'gst_bill', 'amount'],
  });
  // The site's record (kept for offline use like the rest of the site's data) has its photo amount.
  const site = useSiteRecord<Pick<Site, 'petty_photo_above'>>(useSiteId());
  // The imprests arrive after the form opens: the person's own fills an empty choice.
  useEffect(() => {
    if (!form.getValues('imprest') && proposed) form.setValue('imprest', proposed);
  }, [form, proposed]);
  // A refused queued expense opens with the server's words under its fields.
  useEffect(() => {
    const refusal = entryError(queued);
    if (refusal) applyServerFieldErrors(refusal, PETTY_FIELDS, form.setError);
  }, [queued, form]);

  const photos = useFormPhotos('petty_expenses');
  const create = useCreatePettyExpense({
    entryKey: queued?.key ?? null,
    summarize: (body) => ({
      detail: body.description,
      amount: body.amount,
      date: body.expense_date,
      photos: photos.photos.length || null,
    }),
    beforeQueue: (key) => keepPhotos(key, photos.owner, photos.photos),
  });

  const save = form.handleSubmit((values) => {
    create.mutate(pettyExpenseBody(values), {
      onSuccess: (result) => {
        guard.saved();
        if (isQueued(result)) return onOpenChange(false);
        toast.success(t(savedToastKey(result), { amount: formatInr(toPaise(result.amount)) }));
        // The list refreshes after the upload; the dialog does not wait for it.
        photos.send(result.id, () => undefined);
        onOpenChange(false);
      },
      onError: (error) => applyServerFieldErrors(error, PETTY_FIELDS, form.setError),
    });
  });

  const chosen = imprests.items.filter((one) => one.id === imprest);
  return {
    form,
    guard,
    create,
    save,
    photos,
    imprests,
    /** The chosen imprest (its balance tops the form). */
    chosen,
    lineChosen: Boolean(budgetLine),
    gstBill: gstBill === true,
    /** The site's photo amount when this expense is above it and has no photo yet. */
    photoNeeded: photoNeededAbove(amount, site.data?.petty_photo_above, photos.photos.length),
    queuedError: entryError(queued),
  };
}
