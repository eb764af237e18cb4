import type { Worker } from '@siteledger/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormPhotos } from '../../components/form-photos';
import { QueuedEditForms } from '../../components/queued-edit';
import {
  freshFormKey,
  RecordFormDialog,
  type RecordFormProps,
} from '../../components/ui/record-form-dialog';
import { useRecordForm } from '../../components/ui/use-record-form';
import { errorMessage } from '../../lib/api-client';
import type { QueueEntry } from '../../lib/offline-queue';
import { entryError } from '../../lib/offline-queue-hooks';
import { keepPhotos } from '../../lib/queued-photos';
import { useFormPhotos } from '../../lib/use-form-photos';
import { useCreateWorker, useUpdateWorker } from './api';
import { WorkerFields } from './worker-fields';
import {
  queuedWorkerValues,
  workerBody,
  workerDefaults,
  workerFormSchema,
  WORKER_FIELDS,
} from './worker-form';
import { WorkerPhotos } from './worker-photos';

/**
 * Add (no `worker`) or edit a worker. The form starts fresh each time the dialog opens. Without
 * signal a new worker waits in the offline queue with its photo; a queued worker the server
 * refused comes back here, filled in, from the waiting list.
 */
export function WorkerFormDialog({
  worker,
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  worker?: Worker | null;
}) {
  return (
    <QueuedEditForms
      collection="workers"
      open={props.open}
      onOpenChange={props.onOpenChange}
      formKey={freshFormKey(props.open, worker)}
    >
      {({ queued, ...control }) => (
        <WorkerForm {...control} record={queued ? null : (worker ?? null)} queued={queued} />
      )}
    </QueuedEditForms>
  );
}

function WorkerForm({ queued, ...props }: RecordFormProps<Worker> & { queued: QueueEntry | null }) {
  const { record: worker } = props;
  const { t } = useTranslation();
  // Why the server refused the queued worker, until the person saves it again.
  const [refusal] = useState(() => entryError(queued));
  // A new worker's photo waits in the form and goes up once the worker is saved (or waits in
  // IndexedDB with the queued worker).
  const photos = useFormPhotos('workers');
  const create = useCreateWorker({
    entryKey: queued?.key ?? null,
    summarize: (body) => ({ detail: [body.name, body.trade].filter(Boolean).join(' · ') }),
    beforeQueue: (key) => keepPhotos(key, photos.owner, photos.photos),
  });
  const { form, dialog } = useRecordForm({
    ...props,
    onSaved: (saved: Worker) => {
      // The list refreshes after the upload; nothing here waits for it (the dialog closes).
      photos.send(saved.id, () => undefined);
      props.onSaved?.(saved);
    },
    schema: workerFormSchema,
    defaultValues: queued ? queuedWorkerValues(queued) : workerDefaults(worker),
    body: workerBody,
    draft: queued ? null : 'worker',
    create,
    update: useUpdateWorker(),
    fields: WORKER_FIELDS,
    toasts: { created: 'labour.toast.created', updated: 'labour.toast.updated' },
    texts: 'labour.form',
  });
  return (
    <RecordFormDialog
      {...dialog}
      description={worker ? worker.name : t('labour.form.addSubtitle')}
      size="lg"
      testId="worker-form"
    >
      {refusal && !dialog.save.mutation.isError ? (
        <p role="alert" className="text-sm text-danger" data-testid="worker-form-refusal">
          {errorMessage(refusal, t)}
        </p>
      ) : null}
      <WorkerFields form={form} />
      {worker ? (
        <WorkerPhotos worker={worker} />
      ) : (
        <FormPhotos
          value={photos.photos}
          onChange={photos.setPhotos}
          title={t('labour.fields.photo')}
          testId="worker-form-photos"
        />
      )}
    </RecordFormDialog>
  );
}
