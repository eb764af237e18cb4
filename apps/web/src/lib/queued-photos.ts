/**
 * Photos taken in a create form before the record exists (issue 38): kept in IndexedDB under the
 * record's queue key (offline-queue.ts) until the record is created, then uploaded to it.
 *
 *   await keepPhotos(key, { siteId, collection, userId }, files)   before the entry joins the queue
 *   await attachPhotos(key, recordId, write)   the record exists: upload its photos (now or later)
 *   await sendWaitingPhotos(write)       retries what is waiting (start-up, back online)
 *   await forgetPhotos(key)              the entry was discarded
 *   await sendFormPhotos(owner, id, files, write)   saved online: upload now, keep what the network cut
 *
 * `write` stands for the uploads (lib/write-effects.ts): their answers' changes are marked on it,
 * so the refresh that follows them leaves what the answers refreshed already.
 *
 * A photo leaves the store once the server has it; one the server refuses (too large, wrong kind)
 * is dropped with a warning; a network failure leaves it for the next try. One tab at a time
 * (a Web Lock), so two tabs never upload the same photo twice.
 */
import { isApiError, NETWORK_ERROR, type WriteToken } from './api-client';
import { uploadRecordFile, type FileCollection } from './files-api';
import { newIdempotencyKey } from './offline-queue';

const DB_NAME = 'siteledger-photos';
const STORE = 'waiting';
const LOCK = 'siteledger.queuedPhotos';

interface StoredPhoto {
  name: string;
  type: string;
  blob: Blob;
  /** Sent as the upload's Idempotency-Key: a retry after a lost answer adds it once (absent in
   *  photos kept by an earlier version). */
  uploadKey?: string;
}

/** Whose photos: the record's site and collection, and the person who took them. */
export interface PhotoOwner {
  siteId: string;
  collection: FileCollection;
  userId: string;
}

export interface WaitingPhotos {
  key: string;
  siteId: string;
  collection: FileCollection;
  userId: string;
  /** Set once the record exists on the server. */
  recordId: string | null;
  photos: StoredPhoto[];
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE))
        request.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | void,
): Promise<T | undefined> {
  const db = await openDb();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request ? request.result : undefined);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
    });
  } finally {
    db.close();
  }
}

function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(LOCK, run) as Promise<T>) : run();
}

/** Keeps the photos of a record about to be queued; throws when they cannot be kept. */
export async function keepPhotos(
  key: string,
  owner: PhotoOwner,
  files: readonly File[],
  recordId: string | null = null,
  uploadKeys: readonly string[] = [],
): Promise<void> {
  if (files.length === 0) return;
  // Blobs read into memory first: a File from a picker may not outlive the page in every browser.
  const photos = await Promise.all(
    files.map(async (file, index) => ({
      name: file.name,
      type: file.type,
      blob: new Blob([await file.arrayBuffer()], { type: file.type }),
      uploadKey: uploadKeys[index] ?? newIdempotencyKey(),
    })),
  );
  // A record fixed through "Edit and retry" keeps the photos it was queued with.
  const earlier = (await withStore(
    'readonly',
    (store) => store.get(key) as IDBRequest<unknown>,
  )) as WaitingPhotos | undefined;
  const record: WaitingPhotos = {
    key,
    ...owner,
    recordId,
    photos: [...(earlier?.photos ?? []), ...photos],
  };
  await withStore('readwrite', (store) => store.put(record));
}

async function readAll(): Promise<WaitingPhotos[]> {
  return (
    (await withStore('readonly', (store) => store.getAll() as IDBRequest<WaitingPhotos[]>)) ?? []
  );
}

/** How many photos wait for each queue key (for the waiting list). */
export async function waitingPhotoCounts(): Promise<Map<string, number>> {
  try {
    return new Map((await readAll()).map((entry) => [entry.key, entry.photos.length]));
  } catch {
    return new Map();
  }
}

export async function forgetPhotos(key: string): Promise<void> {
  try {
    await withStore('readwrite', (store) => store.delete(key));
  } catch {
    // Nothing kept.
  }
}

/** The record of `key` was created as `recordId`: its photos go to it. */
export async function attachPhotos(
  key: string,
  recordId: string,
  write?: WriteToken,
): Promise<number> {
  try {
    const found = await withStore('readonly', (store) => store.get(key) as IDBRequest<unknown>);
    if (!found) return 0;
    await withStore('readwrite', (store) => store.put({ ...(found as WaitingPhotos), recordId }));
  } catch {
    return 0;
  }
  return sendWaitingPhotos(write);
}

/** Uploads every photo whose record exists; resolves with how many went up. */
export function sendWaitingPhotos(write?: WriteToken): Promise<number> {
  return oneAtATime(async () => {
    let sent = 0;
    let entries: WaitingPhotos[];
    try {
      entries = await readAll();
    } catch {
      return 0;
    }
    for (const entry of entries) {
      if (!entry.recordId) continue;
      const left = [...entry.photos];
      while (left.length > 0) {
        const photo = left[0]!;
        try {
          const file = new File([photo.blob], photo.name, { type: photo.type });
          await uploadRecordFile(
            entry.siteId,
            entry.collection,
            entry.recordId,
            file,
            undefined,
            undefined,
            write,
            photo.uploadKey,
          );
          sent += 1;
        } catch (error) {
          if (isApiError(error) && (error.code === NETWORK_ERROR || error.status >= 500)) {
            // No connection (or the server is down): the rest waits for the next try.
            await withStore('readwrite', (store) => store.put({ ...entry, photos: left }));
            return sent;
          }
          console.warn('[offline] A queued photo was refused', error);
        }
        left.shift();
      }
      await withStore('readwrite', (store) => store.delete(entry.key));
    }
    return sent;
  });
}

/**
 * A form saved online: its photos go to the new record now. Those the connection cut short are
 * kept and sent later; one the server refuses is skipped. Resolves with the record's files after
 * the last upload that went through (null when none did).
 */
export async function sendFormPhotos(
  owner: PhotoOwner,
  recordId: string,
  files: readonly File[],
  write?: WriteToken,
): Promise<string[] | null> {
  let names: string[] | null = null;
  // One key per photo, kept with it if it must wait: an upload that arrived but lost its answer
  // is not added twice when the photo is sent again.
  const keys = files.map(() => newIdempotencyKey());
  for (const [index, file] of files.entries()) {
    try {
      const { siteId, collection } = owner;
      names = (
        await uploadRecordFile(
          siteId,
          collection,
          recordId,
          file,
          undefined,
          undefined,
          write,
          keys[index],
        )
      ).files;
    } catch (error) {
      if (isApiError(error) && (error.code === NETWORK_ERROR || error.status >= 500)) {
        const rest = files.slice(index);
        await keepPhotos(newIdempotencyKey(), owner, rest, recordId, keys.slice(index)).catch(
          () => undefined,
        );
        return names;
      }
      console.warn('[photos] A photo was refused', error);
    }
  }
  return names;
}
