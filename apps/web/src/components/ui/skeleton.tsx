import { cn } from '../../lib/cn';

/** A shimmering placeholder block shown while data loads. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-lg bg-surface-muted', className)}
    />
  );
}
