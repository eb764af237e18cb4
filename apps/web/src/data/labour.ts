/**
 * Labour of the current site (issue 44, API.md "Labour"): workers, the day's muster and its
 * attendance POST, and the workers of the caller's other sites that may be lent here.
 */
import type {
  AttendanceCreate,
  AttendanceReply,
  Muster,
  Worker,
  WorkerCreate,
  WorkerUpdate,
} from '@siteledger/domain';
import { defineCollection, queuedCreate } from './collection';
import { useSiteQuery } from './site-query';

export const WORKERS = 'workers';
export const ATTENDANCE = 'attendance';

const workers = defineCollection<Worker, WorkerCreate, WorkerUpdate>(WORKERS);

export const useWorkers = workers.useList;
export const useWorker = workers.useOne;
/**
 * POST …/workers with an Idempotency-Key; without a connection the worker waits in the offline
 * queue (the registry's `offlineQueued`) with its photo (`beforeQueue: keepPhotos`).
 */
export const useCreateWorker = queuedCreate<Worker, WorkerCreate>(WORKERS);
export const useUpdateWorker = workers.useUpdate;
export const useDeleteWorker = workers.useDelete;

/**
 * GET …/attendance/muster?date=: every active worker (and those lent here lately) with the day's
 * mark. Cached under the attendance collection, so an attendance POST (here, from the offline
 * queue's replay or another person's live event) refreshes it; kept in the persisted cache, so a
 * date seen once opens without signal.
 */
export function useMuster(date: string) {
  return useSiteQuery<Muster>({
    key: [ATTENDANCE, 'muster', date],
    path: [ATTENDANCE, 'muster'],
    query: { date },
    enabled: date !== '',
  });
}

/** A worker of another site of the caller's that may be marked here. */
export interface LendableWorker {
  id: string;
  name: string;
  trade: string;
  site: string;
  site_name: string;
}

/** GET …/workers/lendable, read when the picker opens. */
export function useLendableWorkers(enabled: boolean) {
  return useSiteQuery<{ items: LendableWorker[] }, LendableWorker[]>({
    key: [WORKERS, 'lendable'],
    path: [WORKERS, 'lendable'],
    enabled,
    pick: (answer) => answer.items,
  });
}

/**
 * POST …/attendance: the day's changed marks, with an Idempotency-Key; without a connection it
 * waits in the offline queue (the registry keeps attendance there) and is sent once on reconnect.
 * Each entry replaces that worker's mark of the date, so a replay is harmless.
 */
export const useSaveAttendance = queuedCreate<AttendanceReply, AttendanceCreate>(ATTENDANCE);
