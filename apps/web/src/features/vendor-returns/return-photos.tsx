/**
 * Photos of a return (spec part 3 `vendor_returns.photos`): thumbnails that open the viewer, and,
 * for a role that may update returns, remove buttons and the uploader (camera on phones). Used by
 * the return's detail and its edit form; uploads refresh the return's queries.
 */
import type { VendorReturn } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { PhotoGrid } from '../../components/photo-grid';
import { PhotoUploader } from '../../components/photo-uploader';
import { Alert } from '../../components/ui/alert';
import { errorMessage } from '../../lib/api-client';
import { useDeleteRecordFile } from '../../lib/files-api';
import { RETURNS } from './api';

export function ReturnPhotos({
  record,
  canUpdate,
  testId = 'return-photos',
}: {
  record: VendorReturn;
  canUpdate: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const remove = useDeleteRecordFile(RETURNS, record.id);
  const photos = record.photos;
  return (
    <section className="space-y-3" data-testid={`${testId}-section`}>
      <div className="space-y-0.5">
        <h3 className="text-sm font-semibold text-fg">{t('vendorReturns.photos.title')}</h3>
        <p className="text-xs text-fg-muted">{t('vendorReturns.photos.hint')}</p>
      </div>
      {photos.length ? (
        <PhotoGrid
          names={photos}
          onRemove={canUpdate ? (name) => remove.mutate(name) : undefined}
          removing={remove.isPending ? remove.variables : null}
          testId={testId}
        />
      ) : (
        <p className="text-sm text-fg-subtle" data-testid={`${testId}-empty`}>
          {t('vendorReturns.photos.none')}
        </p>
      )}
      {remove.isError ? <Alert tone="error">{errorMessage(remove.error, t)}</Alert> : null}
      {canUpdate ? (
        <PhotoUploader collection={RETURNS} recordId={record.id} testId={`${testId}-upload`} />
      ) : null}
    </section>
  );
}
