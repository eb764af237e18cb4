import type { Worker } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { PhotoGrid } from '../../components/photo-grid';
import { PhotoUploader } from '../../components/photo-uploader';
import { useDeleteRecordFile } from '../../lib/files-api';
import { useWorker } from './api';

/** A saved worker's photos in the edit form: the grid (remove one) and the uploader. */
export function WorkerPhotos({ worker }: { worker: Worker }) {
  const { t } = useTranslation();
  // The record, refreshed after an upload or a removal (the list row was read before).
  const fresh = useWorker(worker.id).data ?? worker;
  const remove = useDeleteRecordFile('workers', worker.id);
  return (
    <section className="space-y-3" data-testid="worker-photos">
      <h3 className="text-sm font-semibold text-fg">{t('labour.fields.photo')}</h3>
      {fresh.photos.length > 0 ? (
        <PhotoGrid
          names={[...fresh.photos]}
          onRemove={(name) => remove.mutate(name)}
          removing={remove.isPending ? remove.variables : null}
          testId="worker-photos-grid"
        />
      ) : null}
      <PhotoUploader collection="workers" recordId={worker.id} testId="worker-photo-upload" />
    </section>
  );
}
