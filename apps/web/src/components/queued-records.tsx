/**
 * Records saved on this device and not yet on the server, shown where they belong (issue 38): above
 * a list of their kind on the current site, each marked as waiting (or refused). The top bar's
 * waiting list (offline-queue-panel.tsx) has every entry and what can be done about it.
 */
import { CloudOff } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import type { QueuedCollection, QueueEntry } from '../lib/offline-queue';
import { describeEntry, useQueueEntries } from '../lib/offline-queue-hooks';
import { useSession } from '../lib/session';

const TONES: Record<QueueEntry['status'], string> = {
  pending: 'bg-warning-soft text-warning-soft-fg',
  sending: 'bg-info-soft text-info-soft-fg',
  failed: 'bg-danger-soft text-danger-soft-fg',
};

/** The current site's queued entries of one kind, oldest first. */
export function useQueuedOf(collection: QueuedCollection): QueueEntry[] {
  const entries = useQueueEntries();
  const { siteId } = useSession();
  return useMemo(
    () => entries.filter((entry) => entry.collection === collection && entry.siteId === siteId),
    [entries, collection, siteId],
  );
}

export function QueuedRecords({
  collection,
  where,
}: {
  collection: QueuedCollection;
  /** Only these (a work order's own waiting bills). */
  where?: (entry: QueueEntry) => boolean;
}) {
  const { t } = useTranslation();
  const all = useQueuedOf(collection);
  const entries = where ? all.filter(where) : all;
  if (entries.length === 0) return null;
  return (
    <section
      className="mb-4 rounded-2xl border border-dashed border-warning/60 bg-warning-soft/40 p-3"
      data-testid="queued-records"
      aria-label={t('live.queue.hereTitle', { count: entries.length })}
    >
      <p className="mb-2 flex items-center gap-2 text-sm font-medium text-fg">
        <CloudOff className="size-4 shrink-0 text-fg-muted" aria-hidden="true" />
        {t('live.queue.hereTitle', { count: entries.length })}
      </p>
      <ul className="space-y-1.5">
        {entries.map((entry) => (
          <li
            key={entry.key}
            className="flex items-start justify-between gap-2 rounded-xl bg-surface px-3 py-2 text-sm"
            data-testid="queued-record"
            data-status={entry.status}
          >
            <span className="min-w-0 break-words text-fg">{describeEntry(t, entry)}</span>
            <span
              className={cn(
                'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium',
                TONES[entry.status],
              )}
            >
              {t(`live.queue.status.${entry.status}`)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
