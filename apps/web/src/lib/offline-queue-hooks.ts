/**
 * The React side of the offline queue.
 *
 *   const create = useQueuedCreate<DeliveryCreate, Delivery>('deliveries', { alsoInvalidate, summarize });
 *   create.mutate(body, { onSuccess: (result) => { if (isQueued(result)) return close(); … } });
 *
 * Online, it POSTs with an `Idempotency-Key` (one per form, so a double submit saves once).
 * Offline — or when the request gets no answer — the body joins the queue with that same key, the
 * toast says "Saved offline…" and the result is `{ queued: true }`. `useOfflineQueueReplay()`
 * (offline-queue-runner.ts, mounted once in the main layout) sends the queue at start-up, when the connection returns,
 * every 30 s while something waits, and on `requestReplay()` (Retry / Send now).
 */
import { formatInr, toPaise } from '@siteledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, errorMessage, isApiError, NETWORK_ERROR } from './api-client';
import {
  entriesOf,
  newIdempotencyKey,
  offlineQueue,
  readBody,
  type QueuedCollection,
  type QueueEntry,
  type QueueError,
  type QueueSummary,
} from './offline-queue';
import { isOnline } from './online-status';
import { attachPhotos } from './queued-photos';
import { useSession } from './session';
import {
  invalidateRecords,
  recordsPath,
  useSiteId,
  writeEffects,
  type MutationOptions,
} from './site-records';
import { recordType } from './record-types';
import { writeMeta } from './write-effects';
import { toast } from './toast-store';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The page of each queued entry ("Edit and retry" opens its create dialog there). */
export function queuePage(entry: Pick<QueueEntry, 'collection' | 'body'>): string {
  const { collection } = entry;
  // A day's muster is fixed on the Labour page (its tab), which is the workers' page.
  if (collection === 'attendance') return recordType('workers')?.path ?? '/';
  // An RA bill is recorded (and fixed) on its work order's page.
  if (collection === 'ra_bills') {
    const order = readBody(entry.body).text('work_order');
    const orders = recordType('work_orders')?.path ?? '/';
    return order ? `${orders}/${encodeURIComponent(order)}` : orders;
  }
  return recordType(collection)?.path ?? '/';
}

/** The signed-in person's queue entries, oldest first; re-renders on any change in any tab. */
export function useQueueEntries(): QueueEntry[] {
  const { user } = useSession();
  const all = useSyncExternalStore(
    (listener) => offlineQueue.subscribe(listener),
    () => offlineQueue.entries(),
    () => offlineQueue.entries(),
  );
  const userId = user?.id;
  return useMemo(() => entriesOf(all, userId), [all, userId]);
}

/** "Delivery · Sharma Traders · CH-1042 · ₹12,345.00" in the current language. */
export function describeEntry(t: TFunction, entry: QueueEntry): string {
  const { vendor, detail, reference, amount } = entry.summary;
  const parts = [t(`live.queue.kind.${entry.collection}`)];
  if (vendor) parts.push(vendor);
  if (detail) parts.push(detail);
  if (reference) parts.push(reference);
  if (typeof amount === 'number' && Number.isFinite(amount)) parts.push(formatInr(toPaise(amount)));
  return parts.join(' · ');
}

/**
 * The server's refusal in words: its message, plus the field messages of a VALIDATION_FAILED
 * ("Please check your input — Unknown vendor").
 */
export function problemText(error: QueueError): string {
  const details = Object.values(error.data ?? {})
    .map((entry) =>
      typeof entry === 'object' && entry !== null ? (entry as { message?: unknown }).message : null,
    )
    .filter((message): message is string => typeof message === 'string' && message !== '');
  return details.length > 0 ? `${error.message} — ${details.join('; ')}` : error.message;
}

/** A failed entry's refusal as the ApiError the forms already know how to show. */
export function entryError(entry: QueueEntry | null | undefined): ApiError | null {
  const error = entry?.status === 'failed' ? entry.error : null;
  return error ? new ApiError(error.status, error.code, error.message, error.data ?? {}) : null;
}

export interface QueuedResult {
  queued: true;
  key: string;
}

export function isQueued(value: unknown): value is QueuedResult {
  return typeof value === 'object' && value !== null && (value as QueuedResult).queued === true;
}

export interface QueuedCreateOptions<TIn> extends MutationOptions {
  /** What the pending list shows for a queued body (vendor name, reference, amount). */
  summarize?: (body: TIn) => QueueSummary;
  /** Editing a failed entry: its key is reused, and it leaves the queue once saved. */
  entryKey?: string | null;
  /** Runs with the entry's key before it joins the queue (keeps its photos); may throw. */
  beforeQueue?: (key: string) => Promise<void>;
}

/** A create that is kept for later when there is no connection (see the header). */
export function useQueuedCreate<TIn, TOut>(
  collection: QueuedCollection,
  options: QueuedCreateOptions<TIn> = {},
) {
  const siteId = useSiteId();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const latest = useRef(options);
  const formKey = useRef<string | null>(null);
  useEffect(() => {
    latest.current = options;
  });

  return useMutation<TOut | QueuedResult, unknown, TIn>({
    // Run even when the query client thinks it is offline: offline is when it queues.
    networkMode: 'always',
    meta: writeMeta(collection, 'create'),
    mutationFn: async (body, write) => {
      const { entryKey, summarize, beforeQueue } = latest.current;
      formKey.current ??= newIdempotencyKey();
      const key = entryKey ?? formKey.current;
      const keep = async (cause: unknown): Promise<QueuedResult> => {
        if (!user) throw cause;
        try {
          await beforeQueue?.(key);
          await offlineQueue.add({
            key,
            collection,
            siteId,
            userId: user.id,
            body,
            summary: summarize?.(body) ?? {},
          });
        } catch {
          throw cause; // No storage: say the request failed rather than lose it silently.
        }
        formKey.current = null;
        return { queued: true, key };
      };
      if (!isOnline()) return keep(new Error('offline'));
      try {
        const record = await api.post<TOut>(recordsPath(siteId, collection), body, {
          headers: { [IDEMPOTENCY_HEADER]: key },
          write,
        });
        formKey.current = null;
        if (entryKey) {
          await offlineQueue.remove(entryKey);
          // Photos taken with it while it waited go to the record now.
          const id = (record as { id?: unknown }).id;
          if (typeof id === 'string') void attachPhotos(entryKey, id);
        }
        return record;
      } catch (error) {
        if (isApiError(error) && error.code === NETWORK_ERROR) return keep(error);
        throw error;
      }
    },
    onSuccess: (result, _body, _context, write) => {
      if (isQueued(result)) {
        toast.info(t('live.queue.savedOffline'));
        return undefined;
      }
      return invalidateRecords(
        queryClient,
        siteId,
        writeEffects(collection, latest.current.alsoInvalidate),
        write,
      );
    },
    onError: (error) => {
      if (latest.current.toastErrors) toast.error(errorMessage(error, t));
    },
  });
}

// ---- Edit and retry: the pending list asks, the feature's create dialog answers. ----

// The entry as it was when asked for: the dialog keeps it even after a save removes it.
let editRequest: QueueEntry | null = null;
const editListeners = new Set<() => void>();

function setEditRequest(next: QueueEntry | null): void {
  editRequest = next;
  editListeners.forEach((listener) => listener());
}

export function requestQueuedEdit(entry: QueueEntry): void {
  setEditRequest(entry);
}

/** The failed entry the person wants to fix in `collection`'s create dialog, if any. */
export function useQueuedEdit(collection: QueuedCollection) {
  const request = useSyncExternalStore(
    (listener) => {
      editListeners.add(listener);
      return () => editListeners.delete(listener);
    },
    () => editRequest,
    () => null,
  );
  return {
    entry: request?.collection === collection ? request : null,
    close: () => setEditRequest(null),
  };
}
