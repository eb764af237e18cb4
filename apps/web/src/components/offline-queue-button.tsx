/**
 * The top bar's offline-queue badge: shown while records saved on this device wait to be sent,
 * with their count (red when the server refused one). It opens the waiting list.
 */
import * as Popover from '@radix-ui/react-popover';
import { useQueryClient } from '@tanstack/react-query';
import { CloudOff, CloudUpload, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cn } from '../lib/cn';
import { offlineQueue, type QueueEntry } from '../lib/offline-queue';
import {
  describeEntry,
  queuePage,
  requestQueuedEdit,
  useQueueEntries,
} from '../lib/offline-queue-hooks';
import { useOnlineStatus } from '../lib/online-status';
import { dismissFailureToast, requestReplay } from '../lib/offline-queue-runner';
import { queryKeys } from '../lib/query-keys';
import { useSession } from '../lib/session';
import { forgetPhotos } from '../lib/queued-photos';
import { OfflineQueuePanel } from './offline-queue-panel';
import { ConfirmDialog } from './ui/confirm-dialog';

export function OfflineQueueButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { siteId } = useSession();
  const entries = useQueueEntries();
  const online = useOnlineStatus();
  const [open, setOpen] = useState(false);
  const [discarding, setDiscarding] = useState<QueueEntry | null>(null);
  const failed = entries.some((entry) => entry.status === 'failed');

  const siteName = (id: string): string | null => {
    const sites = queryClient.getQueryData<{ id: string; name: string }[]>(queryKeys.sites);
    return Array.isArray(sites) ? (sites.find((site) => site.id === id)?.name ?? null) : null;
  };

  const discardDialog = (
    <ConfirmDialog
      open={discarding !== null}
      onOpenChange={(next) => {
        if (!next) setDiscarding(null);
      }}
      title={t('live.queue.discardTitle')}
      description={
        discarding ? t('live.queue.discardBody', { what: describeEntry(t, discarding) }) : null
      }
      confirmLabel={t('live.queue.discard')}
      onConfirm={() => {
        if (discarding) {
          dismissFailureToast(discarding.key);
          void offlineQueue.remove(discarding.key);
          void forgetPhotos(discarding.key);
        }
        setDiscarding(null);
      }}
      testId="offline-queue-discard-dialog"
    />
  );

  if (entries.length === 0) return discardDialog;

  const Icon = failed ? TriangleAlert : online ? CloudUpload : CloudOff;
  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          className={cn(
            'flex h-9 shrink-0 items-center gap-1.5 rounded-full px-2.5 text-sm font-semibold ring-1 ring-inset transition-colors',
            'focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
            failed
              ? 'bg-danger-soft text-danger-soft-fg ring-danger/30 hover:bg-danger-soft/80'
              : 'bg-warning-soft text-warning-soft-fg ring-warning-soft-fg/25 hover:bg-warning-soft/80',
          )}
          aria-label={t('live.queue.buttonLabel', { count: entries.length })}
          data-testid="offline-queue-button"
          data-failed={failed ? 'true' : 'false'}
        >
          <Icon className="size-4" aria-hidden="true" />
          <span className="tabular-nums" data-testid="offline-queue-count">
            {entries.length}
          </span>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={8}
            collisionPadding={8}
            className="z-50 w-[min(26rem,calc(100vw-1rem))] overflow-hidden rounded-xl border border-border bg-surface text-fg shadow-pop animate-pop-in focus:outline-none"
            data-testid="offline-queue-panel"
          >
            <OfflineQueuePanel
              entries={entries}
              online={online}
              currentSiteId={siteId}
              siteName={siteName}
              actions={{
                onEdit: (entry) => {
                  setOpen(false);
                  dismissFailureToast(entry.key);
                  requestQueuedEdit(entry);
                  void navigate(queuePage(entry));
                },
                onRetry: (entry) => {
                  dismissFailureToast(entry.key);
                  void offlineQueue.retry(entry.key).then(requestReplay);
                },
                onDiscard: (entry) => {
                  setOpen(false);
                  setDiscarding(entry);
                },
                onSendNow: requestReplay,
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {discardDialog}
    </>
  );
}
