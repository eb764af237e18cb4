/**
 * `useOfflineQueueReplay()` — mounted once in the main layout: sends the signed-in person's queue
 * (offline-queue-replay.ts) at start-up, when the connection returns, when the tab comes back to
 * the front, every 30 s while something waits, and on `requestReplay()` (Retry, Send now). It also
 * keeps the forms' pick lists for offline use (offline-queue-lists.ts). Each outcome is reported:
 * a success toast, or an error toast that points to the waiting list.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api, hasSession } from './api-client';
import { refreshSubscription } from './subscription-api';
import { changesUsage, collectionsToRefresh, refreshSiteCollections } from './write-effects';
import { entriesOf, newIdempotencyKey, offlineQueue } from './offline-queue';
import { describeEntry, IDEMPOTENCY_HEADER, problemText } from './offline-queue-hooks';
import { forgetPickLists, keepPickLists } from './offline-queue-lists';
import { asReplayer, replayQueue, ReplayLease } from './offline-queue-replay';
import { isOnline } from './online-status';
import { keepQueryCache } from './query-persist';
import { attachPhotos, sendWaitingPhotos } from './queued-photos';
import { useSession } from './session';
import { recordsPath } from './site-records';
import { STORAGE_PREFIX } from './storage';
import { toast } from './toast-store';

const RETRY_EVERY_MS = 30_000;

const replayTriggers = new Set<() => void>();

/** Sends the queue now (Retry, Send now). */
export function requestReplay(): void {
  replayTriggers.forEach((trigger) => trigger());
}

// The error toast of each refused entry, so fixing or discarding the entry can close it.
const failureToasts = new Map<string, string>();

/** Closes the "Could not send …" toast of an entry the person is now dealing with. */
export function dismissFailureToast(key: string): void {
  const id = failureToasts.get(key);
  failureToasts.delete(key);
  if (id) toast.dismiss(id);
}

/** This tab's id: kept across reloads, so a reloaded tab takes its own lease back at once. */
function tabId(): string {
  const key = `${STORAGE_PREFIX}tabId`;
  try {
    const stored = window.sessionStorage.getItem(key);
    if (stored) return stored;
    const fresh = newIdempotencyKey();
    window.sessionStorage.setItem(key, fresh);
    return fresh;
  } catch {
    return newIdempotencyKey();
  }
}

let lease: ReplayLease | null = null;
let running = false;
let again = false;

export function useOfflineQueueReplay(): void {
  const { status, user } = useSession();
  const userId = status === 'signed-in' ? (user?.id ?? null) : null;
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const tools = useRef({ queryClient, t });
  useEffect(() => {
    tools.current = { queryClient, t };
  });

  useEffect(() => {
    if (!userId) return undefined;
    const stop = keepPickLists(queryClient, userId);
    const stopCache = keepQueryCache(queryClient, userId);
    return () => {
      stop();
      stopCache();
      // Signed out (the session is already gone): the next person must not find the lists.
      if (!hasSession()) forgetPickLists();
    };
  }, [queryClient, userId]);

  useEffect(() => {
    if (!userId) return undefined;
    lease ??= new ReplayLease(() => window.localStorage, tabId());
    const currentLease = lease;
    const waiting = () =>
      entriesOf(offlineQueue.entries(), userId).some((entry) => entry.status !== 'failed');
    const round = () =>
      asReplayer(currentLease, (stillMine) =>
        replayQueue({
          queue: offlineQueue,
          userId,
          stillMine,
          fallbackMessage: tools.current.t('errors.operationFailed'),
          // The entry stands for the write: its answer marks what it refreshed on it.
          send: (entry) =>
            api.post(recordsPath(entry.siteId, entry.collection), entry.body, {
              headers: { [IDEMPOTENCY_HEADER]: entry.key },
              write: entry,
            }),
          onSaved: (entry, record) => {
            const { queryClient: client, t: tr } = tools.current;
            // Photos taken in the form go to the new record, then its pages show them.
            const id = (record as { id?: unknown } | null)?.id;
            // The uploads are a write of their own: their refresh leaves what they refreshed.
            if (typeof id === 'string') {
              const photosWrite = {};
              void attachPhotos(entry.key, id, photosWrite).then((sent) => {
                if (sent > 0)
                  void refreshSiteCollections(
                    client,
                    entry.siteId,
                    [entry.collection],
                    photosWrite,
                  );
              });
            }
            // What the create changed its answer named, refreshed as it arrived
            // (lib/write-effects.ts keepWritesFresh); the record's own collection once, and the
            // plan's usage when a count moved.
            void refreshSiteCollections(
              client,
              entry.siteId,
              collectionsToRefresh(entry.collection),
              entry,
            );
            if (changesUsage(entry.collection, 'create')) void refreshSubscription(client);
            toast.success(tr('live.queue.sent', { what: describeEntry(tr, entry) }));
          },
          onFailed: (entry, problem) => {
            const { t: tr } = tools.current;
            const id = toast.error(
              tr('live.queue.failedToast', {
                what: describeEntry(tr, entry),
                message: problemText(problem),
              }),
            );
            failureToasts.set(entry.key, id);
          },
        }),
      );
    const trigger = async () => {
      if (running) {
        again = true; // A Retry pressed mid-round: go round once more afterwards.
        return;
      }
      if (!isOnline()) return;
      // Photos of records created earlier whose upload the connection cut short.
      void sendWaitingPhotos();
      if (!waiting()) return;
      running = true;
      try {
        let result;
        do {
          again = false;
          result = await round();
        } while (again && result && result.stopped === null);
      } finally {
        running = false;
      }
    };
    const run = () => void trigger();
    const onVisible = () => {
      if (document.visibilityState === 'visible') run();
    };
    run();
    window.addEventListener('online', run);
    document.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(run, RETRY_EVERY_MS);
    replayTriggers.add(run);
    return () => {
      window.removeEventListener('online', run);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
      replayTriggers.delete(run);
    };
  }, [userId]);
}
