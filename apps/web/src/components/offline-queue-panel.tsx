/**
 * The list behind the top bar's offline-queue badge: every record saved on this device and not yet
 * on the server, oldest first, with its status, the server's reason when it was refused, and what
 * the person can do about it (Edit and retry, Retry, Discard; Send now for the waiting ones).
 */
import { Camera, CloudOff, RotateCcw, Send, Trash2 } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { DATE_TIME, formatTimestamp } from '../lib/dates';
import type { QueuedCollection, QueueEntry } from '../lib/offline-queue';
import { describeEntry, problemText } from '../lib/offline-queue-hooks';
import { recordType } from '../lib/record-types';
import { Button } from './ui/button';

// The record type's own icon (lib/record-types.ts), as in the sidebar.
const iconOf = (collection: QueuedCollection): LucideIcon =>
  recordType(collection)?.icon ?? CloudOff;

const STATUS_TONES: Record<QueueEntry['status'], string> = {
  pending: 'bg-warning-soft text-warning-soft-fg',
  sending: 'bg-info-soft text-info-soft-fg',
  failed: 'bg-danger-soft text-danger-soft-fg',
};

export interface OfflineQueueActions {
  onEdit: (entry: QueueEntry) => void;
  onRetry: (entry: QueueEntry) => void;
  onDiscard: (entry: QueueEntry) => void;
  onSendNow: () => void;
}

function EntryRow({
  entry,
  siteLabel,
  canEdit,
  actions,
}: {
  entry: QueueEntry;
  siteLabel: string | null;
  canEdit: boolean;
  actions: OfflineQueueActions;
}) {
  const { t, i18n } = useTranslation();
  const Icon = iconOf(entry.collection);
  return (
    <li
      className="flex gap-3 px-4 py-3"
      data-testid="offline-queue-entry"
      data-status={entry.status}
      data-collection={entry.collection}
    >
      <span
        className={cn(
          'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg',
          entry.status === 'failed'
            ? 'bg-danger-soft text-danger'
            : 'bg-surface-muted text-fg-muted',
        )}
        aria-hidden="true"
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-start justify-between gap-2">
          <p className="min-w-0 break-words text-sm font-medium text-fg">
            {describeEntry(t, entry)}
          </p>
          <span
            className={cn(
              'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium',
              STATUS_TONES[entry.status],
            )}
            data-testid="offline-queue-entry-status"
          >
            {t(`live.queue.status.${entry.status}`)}
          </span>
        </div>
        <p className="text-xs text-fg-muted">
          {t('live.queue.savedAt', {
            time: formatTimestamp(entry.createdAt, i18n.language, DATE_TIME),
          })}
          {siteLabel ? ` · ${t('live.queue.otherSite', { site: siteLabel })}` : ''}
          {entry.summary.photos
            ? ` · ${t('live.queue.photos', { count: entry.summary.photos })}`
            : ''}
        </p>
        {entry.status === 'failed' && entry.error ? (
          <p className="text-sm text-danger" data-testid="offline-queue-entry-error">
            {problemText(entry.error)}
          </p>
        ) : null}
        {entry.status === 'pending' && entry.error ? (
          <p className="text-xs text-fg-muted">
            {t('live.queue.willRetry', { message: entry.error.message })}
          </p>
        ) : null}
        {/* Ghost buttons carry their own padding: line the first one up with the text. */}
        <div className={cn('flex flex-wrap gap-1.5 pt-1', entry.status !== 'failed' && '-ml-3')}>
          {entry.status === 'failed' && canEdit ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => actions.onEdit(entry)}
              data-testid="offline-queue-edit"
            >
              {t('live.queue.editRetry')}
            </Button>
          ) : null}
          {entry.status === 'failed' ? (
            <Button
              size="sm"
              variant="ghost"
              icon={<RotateCcw className="size-3.5" aria-hidden="true" />}
              onClick={() => actions.onRetry(entry)}
              data-testid="offline-queue-retry"
            >
              {t('live.queue.retry')}
            </Button>
          ) : null}
          {entry.status !== 'sending' ? (
            <Button
              size="sm"
              variant="ghost"
              className="text-danger hover:bg-danger-soft hover:text-danger"
              icon={<Trash2 className="size-3.5" aria-hidden="true" />}
              onClick={() => actions.onDiscard(entry)}
              data-testid="offline-queue-discard"
            >
              {t('live.queue.discard')}
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

export function OfflineQueuePanel({
  entries,
  online,
  currentSiteId,
  siteName,
  actions,
}: {
  entries: readonly QueueEntry[];
  online: boolean;
  currentSiteId: string | null;
  siteName: (siteId: string) => string | null;
  actions: OfflineQueueActions;
}) {
  const { t } = useTranslation();
  const waiting = entries.some((entry) => entry.status === 'pending');
  return (
    <div className="flex max-h-[min(32rem,calc(100dvh-6rem))] flex-col">
      <div className="flex items-start gap-3 border-b border-border px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold text-fg">
            {t('live.queue.title')}{' '}
            <span className="text-fg-muted tabular-nums">({entries.length})</span>
          </h2>
          <p className="mt-0.5 flex items-start gap-1.5 text-xs text-fg-muted">
            {online ? null : <CloudOff className="mt-px size-3.5 shrink-0" aria-hidden="true" />}
            {online ? t('live.queue.subtitle') : t('live.queue.offlineNow')}
          </p>
        </div>
        {online && waiting ? (
          <Button
            size="sm"
            icon={<Send className="size-3.5" aria-hidden="true" />}
            onClick={actions.onSendNow}
            data-testid="offline-queue-send-now"
          >
            {t('live.queue.sendNow')}
          </Button>
        ) : null}
      </div>
      <ul className="min-h-0 flex-1 divide-y divide-border overflow-y-auto">
        {entries.map((entry) => (
          <EntryRow
            key={entry.key}
            entry={entry}
            canEdit={entry.siteId === currentSiteId}
            siteLabel={entry.siteId === currentSiteId ? null : (siteName(entry.siteId) ?? '—')}
            actions={actions}
          />
        ))}
      </ul>
      <p className="flex items-start gap-2 border-t border-border bg-surface-muted/60 px-4 py-2.5 text-xs text-fg-muted">
        <Camera className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        {t('live.queue.photosNote')}
      </p>
    </div>
  );
}
