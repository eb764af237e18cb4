/**
 * Spec parts 4 and 9: the service worker registration asks the server for a new version every
 * 60 minutes. A found update waits until the person chooses "Update" (registerType 'prompt').
 */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export interface UpdateCheckOptions {
  intervalMs?: number;
  /** Checking while offline only produces a failed fetch. */
  isOnline?: () => boolean;
}

/** The part of a ServiceWorkerRegistration the checks use. */
export interface UpdatableRegistration {
  readonly installing: unknown;
  update(): Promise<unknown>;
}

/** Starts the hourly checks; returns the function that stops them. */
export function scheduleUpdateChecks(
  registration: UpdatableRegistration,
  {
    intervalMs = UPDATE_CHECK_INTERVAL_MS,
    isOnline = () => navigator.onLine,
  }: UpdateCheckOptions = {},
): () => void {
  const timer = setInterval(() => {
    // An update already downloading needs no second check.
    if (registration.installing || !isOnline()) return;
    registration.update().catch(() => {
      // Server unreachable or sw.js failing: try again at the next interval.
    });
  }, intervalMs);
  return () => clearInterval(timer);
}
