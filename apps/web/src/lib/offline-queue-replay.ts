/**
 * Replays the offline queue, oldest first, so that nothing is saved twice:
 * - one replayer at a time across tabs and reloads: a Web Lock when the browser has them, and a
 *   localStorage lease (`siteledger.offlineQueue.lock`, renewed while it runs) in every case;
 * - an entry leaves the queue only after a 2xx; it is re-sent with the same Idempotency-Key, so an
 *   attempt that reached the server before the answer was lost (status `sending` left behind by a
 *   reload or a crash) is answered with the record it made instead of making another;
 * - a 4xx marks the entry failed with the server's message and the round goes on with the next;
 *   no connection, 401, 408, 429 or 5xx puts it back in line and ends the round (try again later).
 */
import { isApiError } from './api-client';
import {
  entriesOf,
  OFFLINE_QUEUE_KEY,
  type KeyValueStore,
  type OfflineQueue,
  type QueueEntry,
  type QueueError,
} from './offline-queue';

export const LEASE_KEY = `${OFFLINE_QUEUE_KEY}.lock`;
const REPLAY_LOCK = `${OFFLINE_QUEUE_KEY}.replay`;
/** A replayer that stops renewing (tab closed, frozen) loses the lease after this long. */
export const LEASE_MS = 15_000;

interface LeaseRecord {
  owner: string;
  expires: number;
}

/** A time-limited claim on replaying, kept in localStorage so every tab sees it. */
export class ReplayLease {
  constructor(
    private readonly store: () => KeyValueStore | null,
    readonly owner: string,
    private readonly now: () => number = Date.now,
  ) {}

  private read(): LeaseRecord | null {
    try {
      const raw = this.store()?.getItem(LEASE_KEY);
      if (!raw) return null;
      const parsed = JSON.parse(raw) as Partial<LeaseRecord>;
      return typeof parsed.owner === 'string' && typeof parsed.expires === 'number'
        ? { owner: parsed.owner, expires: parsed.expires }
        : null;
    } catch {
      return null;
    }
  }

  /**
   * Takes or renews the lease unless another owner holds an unexpired one. `force` is for a
   * holder of the Web Lock, which already proves no one else is replaying.
   */
  acquire(force = false): boolean {
    const current = this.read();
    if (!force && current && current.owner !== this.owner && current.expires > this.now())
      return false;
    try {
      const store = this.store();
      if (!store) return true; // No storage: nothing to share with, so nothing to race.
      store.setItem(
        LEASE_KEY,
        JSON.stringify({ owner: this.owner, expires: this.now() + LEASE_MS }),
      );
    } catch {
      return true;
    }
    // Two tabs writing at once: the value that stayed decides.
    return this.read()?.owner === this.owner;
  }

  release(): void {
    if (this.read()?.owner !== this.owner) return;
    try {
      this.store()?.removeItem(LEASE_KEY);
    } catch {
      // Expires by itself.
    }
  }
}

interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

function webLocks(): LockManagerLike | null {
  const nav = globalThis.navigator as (Navigator & { locks?: LockManagerLike }) | undefined;
  return nav?.locks ?? null;
}

/**
 * Runs `work` only if this tab can be the replayer right now (else resolves null at once).
 * `work` gets `stillMine()` to check before each send.
 */
export async function asReplayer<T>(
  lease: ReplayLease,
  work: (stillMine: () => boolean) => Promise<T>,
  locks: LockManagerLike | null = webLocks(),
): Promise<T | null> {
  const leased = async (force: boolean): Promise<T | null> => {
    if (!lease.acquire(force)) return null;
    let mine = true;
    const renew = setInterval(() => {
      mine = lease.acquire(force);
    }, LEASE_MS / 3);
    try {
      return await work(() => mine && lease.acquire(force));
    } finally {
      clearInterval(renew);
      lease.release();
    }
  };
  if (!locks) return leased(false);
  return locks.request(REPLAY_LOCK, { ifAvailable: true }, (lock) =>
    lock ? leased(true) : Promise.resolve(null),
  );
}

export type Outcome = 'saved' | 'failed' | 'offline' | 'later' | 'auth';

/** What an error thrown by a send means for the entry. */
export function classify(error: unknown): Exclude<Outcome, 'saved'> {
  if (!isApiError(error)) return 'offline';
  if (error.status === 0) return 'offline';
  if (error.status === 401) return 'auth';
  if (error.status === 408 || error.status === 429 || error.status >= 500) return 'later';
  return 'failed';
}

export function queueErrorOf(error: unknown, fallback: string): QueueError {
  return isApiError(error)
    ? { status: error.status, code: error.code, message: error.message, data: error.data }
    : { status: 0, code: 'UNKNOWN', message: fallback };
}

export interface ReplayOptions {
  queue: OfflineQueue;
  userId: string;
  /** POSTs the entry's body with its Idempotency-Key; resolves with the record (2xx). */
  send: (entry: QueueEntry) => Promise<unknown>;
  stillMine?: () => boolean;
  onSaved?: (entry: QueueEntry, record: unknown) => void;
  onFailed?: (entry: QueueEntry, error: QueueError) => void;
  /** Message for an error that is not an API answer. */
  fallbackMessage?: string;
}

export interface ReplayResult {
  sent: number;
  failed: number;
  /** Why the round ended early, if it did. */
  stopped: Exclude<Outcome, 'saved' | 'failed'> | 'lost-lease' | null;
}

/** Sends the person's waiting entries in order (see the header). */
export async function replayQueue(options: ReplayOptions): Promise<ReplayResult> {
  const { queue, userId, send } = options;
  const result: ReplayResult = { sent: 0, failed: 0, stopped: null };
  const tried = new Set<string>();
  // Re-read every time: entries added, retried or discarded meanwhile are seen in their place.
  for (;;) {
    const next = entriesOf(queue.entries(), userId).find(
      (entry) => entry.status !== 'failed' && !tried.has(entry.key),
    );
    if (!next) break;
    if (options.stillMine && !options.stillMine()) {
      result.stopped = 'lost-lease';
      break;
    }
    tried.add(next.key);
    const at = queue.timestamp();
    const claimed = await queue.update(next.key, (entry) =>
      entry.status === 'failed'
        ? entry
        : { ...entry, status: 'sending', attempts: entry.attempts + 1, lastAttemptAt: at },
    );
    if (!claimed || claimed.status !== 'sending') continue;
    try {
      const record = await send(claimed);
      await queue.remove(claimed.key);
      result.sent += 1;
      options.onSaved?.(claimed, record);
    } catch (error) {
      const outcome = classify(error);
      const problem = queueErrorOf(error, options.fallbackMessage ?? 'Error');
      if (outcome === 'failed') {
        const failed = await queue.update(claimed.key, (entry) => ({
          ...entry,
          status: 'failed',
          error: problem,
        }));
        result.failed += 1;
        if (failed) options.onFailed?.(failed, problem);
        continue;
      }
      await queue.update(claimed.key, (entry) => ({
        ...entry,
        status: 'pending',
        error: outcome === 'later' ? problem : null,
      }));
      result.stopped = outcome;
      break;
    }
  }
  return result;
}
