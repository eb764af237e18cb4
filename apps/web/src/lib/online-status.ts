/**
 * Whether the browser believes it is online (`navigator.onLine`), kept live through the window's
 * `online` / `offline` events. Shared by the offline banner and the offline write queue.
 *
 *   const online = useOnlineStatus();
 */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Outside a browser (tests, server rendering) there is nothing to be offline from. */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
