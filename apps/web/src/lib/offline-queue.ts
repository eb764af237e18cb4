/**
 * The offline write queue (issue 7): creates of the registry's `offlineQueued` types (deliveries,
 * payments, service bookings, material requests, stock consumptions, a day's muster, petty
 * expenses, RA bills, workers) made while offline are kept in localStorage
 * (`siteledger.offlineQueue`), in order, each with the client-made `Idempotency-Key` it is
 * (re)sent with, until the server answers 2xx.
 *
 *   offlineQueue.entries()                     every entry, oldest first
 *   await offlineQueue.add({ collection, siteId, userId, body, summary })
 *   await offlineQueue.update(key, (entry) => ({ ...entry, status: 'failed' }))
 *   await offlineQueue.remove(key)
 *   const stop = offlineQueue.subscribe(listener)   this tab's writes and other tabs' (storage event)
 *
 * Every write is one read-modify-write under a cross-tab Web Lock when the browser has them, so
 * two tabs adding at once cannot drop each other's entry. Replaying lives in offline-queue-replay.ts,
 * the React side in offline-queue-hooks.ts.
 */
import { OFFLINE_QUEUED, type OfflineQueued } from '@siteledger/domain';
import { STORAGE_PREFIX } from './storage';
import { objectOf } from './object-of';

export const OFFLINE_QUEUE_KEY = `${STORAGE_PREFIX}offlineQueue`;
const WRITE_LOCK = `${OFFLINE_QUEUE_KEY}.write`;

/** The collections whose creates wait here: the registry's `offlineQueued` record types. */
export const QUEUED_COLLECTIONS: readonly QueuedCollection[] = OFFLINE_QUEUED;
export type QueuedCollection = OfflineQueued;

/** pending: waits for the connection · sending: a request is out · failed: the server said no. */
export type QueueStatus = 'pending' | 'sending' | 'failed';

/** What the pending list shows of an entry (the body itself holds only ids). */
export interface QueueSummary {
  vendor?: string | null;
  /** What else tells the entry apart ("PPC Cement · -12 bag" for a consumption). */
  detail?: string | null;
  /** Photos taken in the form, waiting with it (lib/queued-photos.ts). */
  photos?: number | null;
  reference?: string | null;
  /** Rupees. */
  amount?: number | null;
  date?: string | null;
}

/** The server's refusal (or the last transient problem) as the person should read it. */
export interface QueueError {
  status: number;
  code: string;
  message: string;
  /** The answer's `data` (field errors of a VALIDATION_FAILED, …). */
  data?: Record<string, unknown>;
}

export interface QueueEntry {
  /** Client-made; sent as the Idempotency-Key header, and the entry's id. */
  key: string;
  collection: QueuedCollection;
  siteId: string;
  userId: string;
  /** The create body exactly as the form built it. */
  body: unknown;
  summary: QueueSummary;
  status: QueueStatus;
  createdAt: string;
  attempts: number;
  lastAttemptAt: string | null;
  error: QueueError | null;
}

export type NewQueueEntry = Pick<QueueEntry, 'collection' | 'siteId' | 'userId' | 'body'> & {
  summary?: QueueSummary;
  key?: string;
};

/** The bits of localStorage the queue uses (tests pass a Map-backed one). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** navigator.locks.request, or a stand-in that just runs the callback. */
export type LockRunner = <T>(name: string, run: () => T | Promise<T>) => Promise<T>;

export function newIdempotencyKey(): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  return `sl-${random}`;
}

const STATUSES: readonly string[] = ['pending', 'sending', 'failed'];

function isEntry(value: unknown): value is QueueEntry {
  const v = objectOf(value);
  return (
    v !== null &&
    typeof v.key === 'string' &&
    typeof v.siteId === 'string' &&
    typeof v.userId === 'string' &&
    typeof v.createdAt === 'string' &&
    typeof v.status === 'string' &&
    STATUSES.includes(v.status) &&
    (QUEUED_COLLECTIONS as readonly unknown[]).includes(v.collection)
  );
}

/** Reads whatever is stored, keeping every well-formed entry (a bad one must not hide the rest). */
export function parseQueue(raw: string | null): QueueEntry[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isEntry).map((entry) => ({
      ...entry,
      summary: entry.summary ?? {},
      attempts: typeof entry.attempts === 'number' ? entry.attempts : 0,
      lastAttemptAt: entry.lastAttemptAt ?? null,
      error: entry.error ?? null,
    }));
  } catch {
    return [];
  }
}

function browserStore(): KeyValueStore | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

interface WebLocks {
  request<T>(name: string, callback: () => T | Promise<T>): Promise<T>;
}

export const browserLocks: LockRunner = async <T>(name: string, run: () => T | Promise<T>) => {
  const locks = (globalThis.navigator as (Navigator & { locks?: WebLocks }) | undefined)?.locks;
  return locks ? locks.request(name, run) : run();
};

export class OfflineQueue {
  private readonly listeners = new Set<() => void>();
  private cachedRaw: string | null = null;
  private cached: QueueEntry[] = [];

  constructor(
    private readonly store: () => KeyValueStore | null = browserStore,
    private readonly lock: LockRunner = browserLocks,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Every entry, oldest first. The same array is returned until the stored value changes. */
  entries(): QueueEntry[] {
    let raw: string | null;
    try {
      raw = this.store()?.getItem(OFFLINE_QUEUE_KEY) ?? null;
    } catch {
      raw = null;
    }
    if (raw !== this.cachedRaw) {
      this.cachedRaw = raw;
      this.cached = parseQueue(raw);
    }
    return this.cached;
  }

  find(key: string): QueueEntry | undefined {
    return this.entries().find((entry) => entry.key === key);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Another tab wrote the queue (the `storage` event): tell this tab's listeners. */
  notify(): void {
    for (const listener of this.listeners) listener();
  }

  /** One read-modify-write, exclusive across tabs. Returns the new list. */
  async write(change: (entries: QueueEntry[]) => QueueEntry[]): Promise<QueueEntry[]> {
    const next = await this.lock(WRITE_LOCK, () => {
      const updated = change(this.entries());
      const store = this.store();
      if (!store) throw new Error('localStorage is not available');
      if (updated.length === 0) store.removeItem(OFFLINE_QUEUE_KEY);
      else store.setItem(OFFLINE_QUEUE_KEY, JSON.stringify(updated));
      return updated;
    });
    this.notify();
    return next;
  }

  /** Appends an entry (or replaces the one with the same key, keeping its place in line). */
  async add(input: NewQueueEntry): Promise<QueueEntry> {
    const entry: QueueEntry = {
      key: input.key ?? newIdempotencyKey(),
      collection: input.collection,
      siteId: input.siteId,
      userId: input.userId,
      body: input.body,
      summary: input.summary ?? {},
      status: 'pending',
      createdAt: this.now().toISOString(),
      attempts: 0,
      lastAttemptAt: null,
      error: null,
    };
    await this.write((entries) => {
      const index = entries.findIndex((e) => e.key === entry.key);
      if (index === -1) return [...entries, entry];
      const existing = entries[index] as QueueEntry;
      const copy = [...entries];
      copy[index] = { ...entry, createdAt: existing.createdAt, attempts: existing.attempts };
      return copy;
    });
    return entry;
  }

  /** Changes one entry; `change` returning null removes it. A missing key changes nothing. */
  async update(
    key: string,
    change: (entry: QueueEntry) => QueueEntry | null,
  ): Promise<QueueEntry | null> {
    let result = null as QueueEntry | null;
    await this.write((entries) =>
      entries.flatMap((entry) => {
        if (entry.key !== key) return [entry];
        result = change(entry);
        return result ? [result] : [];
      }),
    );
    return result;
  }

  remove(key: string): Promise<QueueEntry[]> {
    return this.write((entries) => entries.filter((entry) => entry.key !== key));
  }

  /** A failed (or waiting) entry goes back in line to be sent again. */
  retry(key: string): Promise<QueueEntry | null> {
    return this.update(key, (entry) => ({ ...entry, status: 'pending', error: null }));
  }

  timestamp(): string {
    return this.now().toISOString();
  }
}

/** The app's one queue over localStorage. */
export const offlineQueue = new OfflineQueue();

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === OFFLINE_QUEUE_KEY || event.key === null) offlineQueue.notify();
  });
}

/** The entries a person sees and sends: their own (another account's wait for that account). */
export function entriesOf(entries: readonly QueueEntry[], userId: string | null | undefined) {
  return userId ? entries.filter((entry) => entry.userId === userId) : [];
}

/** Lenient reads of a stored body, for filling a form again ("Edit and retry"). */
export interface BodyReader {
  text(key: string): string;
  num(key: string): number | undefined;
  list(key: string): BodyReader[];
}

export function readBody(body: unknown): BodyReader {
  const record =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  return {
    text: (key) => (typeof record[key] === 'string' ? (record[key] as string) : ''),
    num: (key) => {
      const value = record[key];
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    },
    list: (key) => {
      const value = record[key];
      return Array.isArray(value) ? value.map(readBody) : [];
    },
  };
}
