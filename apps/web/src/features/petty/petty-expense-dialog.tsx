/**
 * "Spent" (issue 46): the page's add action and the quick action. The cash in hand tops the
 * form; the bill's photo comes from the camera on a phone, and above the site's photo amount
 * the form says one is needed (it saves anyway: the server keeps it waiting). Offline the
 * expense waits in the queue with its photos; a refused queued expense comes back here, filled in.
 */
import { formatInr, toPaise } from '@siteledger/domain';
import { Camera } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DialogControl } from '../../components/dialog-control';
import { FormPhotos } from '../../components/form-photos';
import { QueuedEditForms } from '../../components/queued-edit';
import { FormDialog } from '../../components/ui/form-dialog';
import { errorMessage } from '../../lib/api-client';
import type { QueueEntry } from '../../lib/offline-queue';
import { PettyBalanceCard } from './petty-balance-card';
import { PettyExpenseFields } from './petty-expense-fields';
import { usePettyExpenseForm } from './use-petty-expense-form';

export function PettyExpenseDialog({ open, onOpenChange }: DialogControl) {
  return (
    <QueuedEditForms
      collection="petty_expenses"
      open={open}
      onOpenChange={onOpenChange}
      formKey="new"
    >
      {(props) => <PettyExpenseForm {...props} />}
    </QueuedEditForms>
  );
}

function PettyExpenseForm({
  open,
  onOpenChange,
  queued,
}: DialogControl & { queued: QueueEntry | null }) {
  const { t } = useTranslation();
  const state = usePettyExpenseForm({ open, onOpenChange, queued });
  const { form, create, photos, imprests } = state;
  const fieldErrors = Object.keys(form.formState.errors).length > 0;
  const problem = create.isError ? create.error : state.queuedError;
  // Only a holder (on his own) or an owner records an expense: an accountant holding none has none.
  const noImprest = !imprests.query.isPending && imprests.writable.length === 0;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('petty.form.addTitle')}
      description={t('petty.form.addSubtitle')}
      onSubmit={(event) => void state.save(event)}
      submitLabel={t('petty.form.add')}
      busy={create.isPending}
      submitDisabled={noImprest}
      error={
        noImprest
          ? t('petty.form.noImprest')
          : problem && !fieldErrors
            ? errorMessage(problem, t)
            : null
      }
      guard={state.guard}
      testId="petty-form"
    >
      <PettyBalanceCard imprests={state.chosen} queued={imprests.queued} compact />
      <PettyExpenseFields
        form={form}
        imprests={imprests.writable}
        lineChosen={state.lineChosen}
        gstBill={state.gstBill}
      />
      <FormPhotos
        value={photos.photos}
        onChange={photos.setPhotos}
        title={t('petty.fields.photos')}
        testId="petty-form-photos"
      />
      {state.photoNeeded !== null ? (
        <p
          className="-mt-2 flex items-start gap-2 text-sm text-warning-soft-fg"
          role="status"
          data-testid="petty-form-photo-needed"
        >
          <Camera className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('petty.form.photoNeeded', { amount: formatInr(toPaise(state.photoNeeded)) })}
        </p>
      ) : null}
    </FormDialog>
  );
}
