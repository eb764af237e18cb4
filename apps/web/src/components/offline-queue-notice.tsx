import { useTranslation } from 'react-i18next';
import type { QueueEntry } from '../lib/offline-queue';
import { useOnlineStatus } from '../lib/online-status';
import { Alert } from './ui/alert';

/**
 * Above a create form: why a queued record was refused (when it is being fixed through "Edit and
 * retry"), and, while offline, that saving keeps it on this device until the connection returns.
 */
export function OfflineQueueNotice({
  queued,
  photos = false,
  className,
}: {
  queued?: QueueEntry | null;
  /** The form normally offers photos after saving: say they come after sending. */
  photos?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  if (!queued?.error && online) return null;
  return (
    <div className={className ?? 'space-y-3'}>
      {queued?.error ? (
        <Alert tone="error" title={t('live.queue.editingTitle')} testId="offline-queue-editing">
          {t('live.queue.editingBody', { message: queued.error.message })}
        </Alert>
      ) : null}
      {online ? null : (
        <Alert testId="offline-queue-offline-hint">
          {t(photos ? 'live.queue.offlineHintPhotos' : 'live.queue.offlineHint')}
        </Alert>
      )}
    </div>
  );
}
