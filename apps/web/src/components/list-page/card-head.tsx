import type { ReactNode } from 'react';

/**
 * The top of a row's phone card: its name in bold over a muted line, and beside them what the
 * row shows first (a status, an amount, its actions).
 */
export function CardHead({
  title,
  subtitle,
  aside,
  subtitleClassName = 'text-sm text-fg-muted',
}: {
  title: ReactNode;
  /** Absent: no second line. */
  subtitle?: ReactNode;
  aside?: ReactNode;
  subtitleClassName?: string;
}) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="truncate text-base font-semibold text-fg">{title}</p>
        {subtitle === undefined ? null : <p className={subtitleClassName}>{subtitle}</p>}
      </div>
      {aside}
    </div>
  );
}
