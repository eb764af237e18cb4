/**
 * Raise a material request (lines, needed-by date, notes; "Save as draft" or "Submit for
 * approval") or edit one while it is a draft or submitted. Offline, a new request waits in the
 * offline queue; a refused queued request comes back here, filled in.
 */
import { QueuedEditForms, type QueuedFormProps } from '../../components/queued-edit';
import { NotesField } from '../../components/record-fields/notes-field';
import type { MaterialRequest } from '@siteledger/domain';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { DateField } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { entryError, isQueued } from '../../lib/offline-queue-hooks';
import { applyServerFieldErrors, queuedSaveErrorMessage } from '../../lib/form';
import { useCreateMaterialRequest, useUpdateMaterialRequest } from './api';
import {
  queuedRequestValues,
  REQUEST_FIELDS,
  requestCreateBody,
  requestFormDefaults,
  requestFormSchema,
  requestUpdateBody,
} from './material-request-form';
import { RequestLinesFields } from './request-lines-fields';

export function MaterialRequestFormDialog({
  open,
  onOpenChange,
  request = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  request?: MaterialRequest | null;
}) {
  return (
    <QueuedEditForms
      collection="material_requests"
      open={open}
      onOpenChange={onOpenChange}
      formKey={request?.id ?? 'new'}
    >
      {(props) => <RequestForm {...props} request={props.queued ? null : request} />}
    </QueuedEditForms>
  );
}

function RequestForm({
  open,
  onOpenChange,
  request,
  queued,
}: QueuedFormProps & { request: MaterialRequest | null }) {
  const { t } = useTranslation();
  const create = useCreateMaterialRequest({
    entryKey: queued?.key ?? null,
    summarize: (body) => ({
      reference: t('materialRequests.lineCount', { count: body.items.length }),
      date: body.request_date ?? null,
    }),
  });
  const update = useUpdateMaterialRequest();
  const mutation = request ? update : create;
  const [serverError] = useState(() => entryError(queued));
  // Asks before typed work is discarded.
  const { form, guard, closeSaved, fieldProps } = useDialogForm({
    schema: requestFormSchema,
    defaultValues: queued ? queuedRequestValues(queued) : requestFormDefaults(request),
    open,
    onOpenChange,
    draft: request || queued ? null : 'material-request',
    texts: 'materialRequests.fields',
  });
  const {
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const save = (submit: boolean) =>
    handleSubmit((values) => {
      const onError = (error: unknown) => applyServerFieldErrors(error, REQUEST_FIELDS, setError);
      if (request) {
        update.mutate(
          { id: request.id, data: requestUpdateBody(values) },
          {
            onSuccess: () => closeSaved(t('materialRequests.toast.updated')),
            onError,
          },
        );
        return;
      }
      create.mutate(requestCreateBody(values, submit), {
        onSuccess: (result) =>
          closeSaved(
            isQueued(result)
              ? null
              : t(submit ? 'materialRequests.toast.submitted' : 'materialRequests.toast.created'),
          ),
        onError,
      });
    });

  const busy = mutation.isPending;
  const error = queuedSaveErrorMessage(t, mutation, errors, serverError);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(request ? 'materialRequests.form.editTitle' : 'materialRequests.form.addTitle')}
      description={t(
        request ? 'materialRequests.form.editSubtitle' : 'materialRequests.form.addSubtitle',
      )}
      onSubmit={save(true)}
      submitLabel={t(request ? 'kit.actions.saveChanges' : 'materialRequests.form.submit')}
      busy={busy}
      error={error}
      size="lg"
      guard={guard}
      footerStart={
        request ? null : (
          <Button
            variant="secondary"
            size="lg"
            className="w-full sm:h-10 sm:w-auto sm:rounded-lg sm:px-4 sm:text-sm"
            disabled={busy}
            onClick={() => void save(false)()}
            data-testid="request-form-draft"
          >
            {t('materialRequests.form.saveDraft')}
          </Button>
        )
      }
      testId="request-form"
    >
      <FormProvider {...form}>
        <RequestLinesFields />
      </FormProvider>
      <DateField optional data-testid="request-needed-by" {...fieldProps('needed_by')} />
      <NotesField
        form={form}
        label={t('materialRequests.fields.notes')}
        rows={3}
        placeholder={t('materialRequests.fields.notesPlaceholder')}
        data-testid="request-notes"
      />
    </FormDialog>
  );
}
