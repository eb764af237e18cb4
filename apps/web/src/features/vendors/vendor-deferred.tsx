import { startTransition, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Skeleton } from '../../components/ui/skeleton';

/**
 * Sections waiting to mount, first in first out. One mounts per idle period, so each section's
 * render (and its request) is a task of its own rather than part of the page's first long task.
 */
const waiting: (() => void)[] = [];
let scheduled = false;

function runNext() {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(runNext, { timeout: 4000 });
  } else {
    // Safari has no requestIdleCallback: a later macrotask still lets the page above paint first.
    window.setTimeout(runNext, 200);
  }
}

/**
 * A below-the-fold block of the vendor page: a placeholder of about its final height until it
 * comes near the screen or the browser has been idle, then the block itself. Its queries start
 * only then, so the first load renders and fetches just what is on screen.
 */
export function Deferred({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (ready) return undefined;
    let done = false;
    const show = () => {
      if (done) return;
      done = true;
      // A transition: React renders the section in slices that yield to input, not one long task.
      startTransition(() => setReady(true));
    };
    waiting.push(show);
    schedule();
    const node = placeholder.current;
    const observer =
      node && typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
            rootMargin: '400px 0px',
          })
        : null;
    if (node) observer?.observe(node);
    return () => {
      done = true;
      observer?.disconnect();
      const at = waiting.indexOf(show);
      if (at >= 0) waiting.splice(at, 1);
    };
  }, [ready]);

  if (ready) return <>{children}</>;
  return (
    <div ref={placeholder} style={{ minHeight }} aria-hidden="true" className="space-y-3">
      <Skeleton className="h-6 w-40" />
      <div
        className="w-full animate-pulse rounded-2xl bg-surface-muted"
        style={{ height: minHeight - 36 }}
      />
    </div>
  );
}
