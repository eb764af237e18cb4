import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser is idle (or after `timeout` ms at most), so a
 * chart mounts after the figures beside it have painted instead of blocking their first frame.
 */
export function useIdleReady(timeout = 500): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout });
      return () => window.cancelIdleCallback(handle);
    }
    // Safari has no requestIdleCallback: the next macrotask still lets the figures paint first.
    const handle = window.setTimeout(() => setReady(true), 50);
    return () => window.clearTimeout(handle);
  }, [timeout]);
  return ready;
}
