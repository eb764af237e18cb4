import type { Worker } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { FormPhotos } from '../../components/form-photos';
import {
  freshFormKey,
  RecordFormDialog,
  type RecordFormProps,
} from '../../components/ui/record-form-dialog';
import { useRecordForm } from '../../components/ui/use-record-form';
import { useFormPhotos } from '../../lib/use-form-photos';
import { useCreateWorker, useUpdateWorker } from './api';
import { WorkerFields } from './worker-fields';
import { workerBody, workerDefaults, workerFormSchema, WORKER_FIELDS } from './worker-form';
import { WorkerPhotos } from './worker-photos';

/** Add (no `worker`) or edit a worker. The form starts fresh each time the dialog opens. */
export function WorkerFormDialog({
  worker,
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  worker?: Worker | null;
}) {
  return <WorkerForm key={freshFormKey(props.open, worker)} record={worker ?? null} {...props} />;
}

function WorkerForm(props: RecordFormProps<Worker>) {
  const { record: worker } = props;
  const { t } = useTranslation();
  // A new worker's photo waits in the form and goes up once the worker is saved.
  const photos = useFormPhotos('workers');
  const { form, dialog } = useRecordForm({
    ...props,
    onSaved: (saved: Worker) => {
      // The list refreshes after the upload; nothing here waits for it (the dialog closes).
      photos.send(saved.id, () => undefined);
      props.onSaved?.(saved);
    },
    schema: workerFormSchema,
    defaultValues: workerDefaults(worker),
    body: workerBody,
    draft: 'worker',
    create: useCreateWorker(),
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
