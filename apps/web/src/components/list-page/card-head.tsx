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

const VALUE_CLASS = 'truncate font-medium tabular-nums text-fg';

/** One labelled figure of a card's `<dl>` (label small and muted over its value). */
export function CardFigure({
  label,
  children,
  className = 'min-w-0',
  valueClassName = VALUE_CLASS,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string | undefined;
  valueClassName?: string;
  /** On the value. */
  testId?: string | undefined;
}) {
  return (
    <div className={className}>
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
