/** Completion photos of a saved booking: the grid (remove with update rights) and the uploader. */
import { permissionsFor, type ServiceBooking } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { PhotoGrid } from '../../components/photo-grid';
import { PhotoUploader } from '../../components/photo-uploader';
import { useDeleteRecordFile } from '../../lib/files-api';
import { useSession } from '../../lib/session';
import { useRecord } from '../../lib/site-records';
import { SERVICE_BOOKINGS } from './api';

export function BookingPhotos({ booking }: { booking: ServiceBooking }) {
  const { t } = useTranslation();
  const { role } = useSession();
  const can = permissionsFor(role);
  // The list row may be older than the last upload: read the record itself.
  const fresh = useRecord<ServiceBooking>(SERVICE_BOOKINGS, booking.id);
  const photos = fresh.data?.completion_photos ?? booking.completion_photos;
  const remove = useDeleteRecordFile(SERVICE_BOOKINGS, booking.id);
  return (
    <section className="space-y-3 border-t border-border pt-4" data-testid="booking-photos">
      <div className="space-y-1">
        <h3 className="text-sm font-semibold text-fg">{t('serviceBookings.photos.title')}</h3>
        <p className="text-sm text-fg-muted">{t('serviceBookings.photos.hint')}</p>
      </div>
      {photos.length ? (
        <PhotoGrid
          names={photos}
          onRemove={can.canUpdate ? (name) => remove.mutate(name) : undefined}
          removing={remove.isPending ? remove.variables : null}
          testId="booking-photo-grid"
        />
      ) : null}
      {can.canUpdate ? (
        <PhotoUploader
          collection={SERVICE_BOOKINGS}
          recordId={booking.id}
          testId="booking-photo-upload"
        />
      ) : null}
    </section>
  );
}
