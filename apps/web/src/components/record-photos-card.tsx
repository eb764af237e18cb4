import { useTranslation } from 'react-i18next';
import { useDeleteRecordFile, type FileCollection } from '../lib/files-api';
import { PhotoGrid } from './photo-grid';
import { PhotoUploader } from './photo-uploader';
import { Card, CardBody, CardHeader, CardTitle } from './ui/card';

/**
 * A record's photos on its page (a material request's drawing, the slab a consumption went
 * into): the grid, removing one and adding more when the caller may update the record.
 */
export function RecordPhotosCard({
  collection,
  record: { id: recordId, photos },
  canUpdate,
  keyPrefix,
  className,
  testId,
}: {
  collection: FileCollection;
  record: { id: string; photos: readonly string[] };
  canUpdate: boolean;
  /** Strings `{keyPrefix}.photos` (title), `.photosHint` and `.noPhotos`. */
  keyPrefix: string;
  className?: string;
  /** `<testId>-photos` on the grid, `<testId>-photo-upload` on the uploader. */
  testId: string;
}) {
  const { t } = useTranslation();
  const text = {
    title: t(`${keyPrefix}.photos`),
    hint: t(`${keyPrefix}.photosHint`),
    empty: t(`${keyPrefix}.noPhotos`),
  };
  const removePhoto = useDeleteRecordFile(collection, recordId);
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
        <p className="mt-1 text-sm text-fg-muted">{text.hint}</p>
      </CardHeader>
      <CardBody className="space-y-4">
        {photos.length ? (
          <PhotoGrid
            names={[...photos]}
            onRemove={canUpdate ? (name) => removePhoto.mutate(name) : undefined}
            removing={removePhoto.isPending ? removePhoto.variables : null}
            testId={`${testId}-photos`}
          />
        ) : (
          <p className="text-sm text-fg-subtle">{text.empty}</p>
        )}
        {canUpdate ? (
          <PhotoUploader
            collection={collection}
            recordId={recordId}
            testId={`${testId}-photo-upload`}
          />
        ) : null}
      </CardBody>
    </Card>
  );
}
