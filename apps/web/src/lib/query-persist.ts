/**
 * The signed-in person's last-read data (TanStack Query cache: dashboards, lists, records) kept in
 * IndexedDB, so the app opens without a network from what it last knew (issue 38).
 *
 *   await restoreQueryCache(queryClient)          at start, before the first render
 *   const stop = keepQueryCache(queryClient, id)  while signed in: saves after each fresh answer
 *   forgetQueryCache()                            at sign-out (another person may use the device)
 *
 * Restored data keeps the time it was fetched, so it is stale and fetched again as soon as there is
 * a connection; the server stays the truth. Files (blobs) and the site list are not kept here: the
 * site list is restored only offline (offline-queue-lists.ts), so online a removed member loses
 * the site at once.
 */
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from './storage';
import { objectOf } from './object-of';

const DB_NAME = 'siteledger';
const STORE = 'query-cache';
const RECORD = 'last';
/** A new shape of cached answers must not be read by an older or newer app. */
const BUSTER = 1;
/** Older than this is not worth showing. */
const MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 800;

interface Saved {
  userId: string;
  buster: number;
  savedAt: number;
  state: DehydratedState;
}

function openDb(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE))
          request.result.createObjectStore(STORE);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  const db = await openDb();
  if (!db) return undefined;
  try {
    return await new Promise<T | undefined>((resolve) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => resolve(undefined);
      transaction.onabort = () => resolve(undefined);
    });
  } catch {
    return undefined;
  } finally {
    db.close();
  }
}

function storedUserId(): string | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.auth);
    const parsed = raw ? (JSON.parse(raw) as { user?: { id?: unknown } }) : null;
    return typeof parsed?.user?.id === 'string' ? parsed.user.id : null;
  } catch {
    return null;
  }
}

function isSaved(value: unknown): value is Saved {
  const saved = objectOf(value) as Partial<Saved> | null;
  return (
    typeof saved?.userId === 'string' &&
    saved.buster === BUSTER &&
    typeof saved.savedAt === 'number' &&
    typeof saved.state === 'object'
  );
}

/** Site data (`['sites', id, …]`) and the person's own settings; not files, not the site list. */
export function isKept(queryKey: readonly unknown[]): boolean {
  if (queryKey[0] === 'me' || queryKey[0] === 'config') return true;
  return queryKey[0] === 'sites' && typeof queryKey[1] === 'string';
}

/** Puts the remembered person's saved answers into the cache (never over fresher data). */
export async function restoreQueryCache(queryClient: QueryClient, timeoutMs = 1500): Promise<void> {
  const userId = storedUserId();
  if (!userId) return;
  const read = run('readonly', (store) => store.get(RECORD) as IDBRequest<unknown>);
  const saved = await Promise.race([
    read,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), timeoutMs)),
  ]);
  if (!isSaved(saved) || saved.userId !== userId || Date.now() - saved.savedAt > MAX_AGE_MS) return;
  try {
    hydrate(queryClient, saved.state);
    // Shown at once, but asked for again as soon as a page uses it and the network allows, even
    // when it was read moments ago (a reload must not hide what changed meanwhile).
    for (const { queryKey } of saved.state.queries) {
      queryClient.getQueryCache().find({ queryKey, exact: true })?.invalidate();
    }
  } catch (error) {
    console.warn('[offline] Could not restore the saved data', error);
  }
}

/** Saves the person's successful answers (debounced) until the returned stop is called. */
export function keepQueryCache(queryClient: QueryClient, userId: string): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    if (storedUserId() !== userId) return; // Signed out meanwhile.
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && isKept(query.queryKey as readonly unknown[]),
    });
    const record: Saved = { userId, buster: BUSTER, savedAt: Date.now(), state };
    void run('readwrite', (store) => store.put(record, RECORD));
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    // A fresh answer, and also a record that left the cache (deleted here) or lost its data (a
    // 404, app/providers.tsx): the saved copy must not bring a deleted record back.
    const changed =
      event.type === 'removed' ||
      (event.type === 'updated' &&
        (event.action.type === 'success' || event.action.type === 'setState'));
    if (!changed) return;
    if (!isKept(event.query.queryKey as readonly unknown[])) return;
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  });
  // What was fetched before this started counts too.
  timer = setTimeout(save, SAVE_DELAY_MS);
  // Leaving (reload, closing the app): what waits to be saved is saved now.
  const flush = () => {
    if (!timer) return;
    clearTimeout(timer);
    save();
  };
  window.addEventListener('pagehide', flush);
  return () => {
    window.removeEventListener('pagehide', flush);
    unsubscribe();
    if (timer) clearTimeout(timer);
    timer = null;
  };
}

export function forgetQueryCache(): Promise<unknown> {
  return run('readwrite', (store) => store.delete(RECORD));
}
