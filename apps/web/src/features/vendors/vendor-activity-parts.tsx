import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { formatInteger, formatRupees } from '../../lib/format';

/** A titled block of the vendor page with its row count and a link to the full list. */
export function Section({
  title,
  count,
  link,
  children,
  testId,
}: {
  title: string;
  count: number | undefined;
  link: { to: string; label: string };
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className="space-y-3" data-testid={testId} aria-label={title}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-base font-semibold text-fg">
          {title}
          {count !== undefined && count > 0 ? (
            <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium tabular-nums text-fg-muted">
              {formatInteger(count)}
            </span>
          ) : null}
        </h2>
        {count ? (
          <Link
            to={link.to}
            className="inline-flex h-9 items-center gap-1 rounded-lg px-2 text-sm font-medium text-primary hover:bg-primary-soft focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          >
            {link.label}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** A short "nothing here yet" line that keeps the page compact. */
export function CompactEmpty({
  icon,
  title,
  description,
}: {
  icon: ReactNode;
  title: string;
  description: string;
}) {
  return (
    <div className="flex items-start gap-3 px-4 py-4 sm:px-5">
      <span
        className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg"
        aria-hidden="true"
      >
        {icon}
      </span>
      <div className="min-w-0 space-y-0.5">
        <p className="text-sm font-semibold text-fg">{title}</p>
        <p className="text-sm text-fg-muted">{description}</p>
      </div>
    </div>
  );
}

export function MoneyPair({
  label,
  value,
  className,
}: {
  label: string;
  value: number;
  className?: string;
}) {
  // The <div> holds only its <dt> and <dd>: a definition list allows nothing else in a group.
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="truncate font-medium tabular-nums text-fg">{formatRupees(value)}</dd>
    </div>
  );
}
