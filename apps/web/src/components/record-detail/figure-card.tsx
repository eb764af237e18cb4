/**
 * A key figure at the top of a detail page (label, big value, caption, tinted icon), and the
 * heading of a section below it.
 * (Same file in features/items and features/services: features do not import each other.)
 */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '../ui/skeleton';
import { cn } from '../../lib/cn';

export type FigureTone = 'orange' | 'blue' | 'violet' | 'emerald' | 'teal';

const tones: Record<FigureTone, string> = {
  orange: 'bg-orange-500/12 text-orange-600 dark:text-orange-300',
  blue: 'bg-blue-500/12 text-blue-600 dark:text-blue-300',
  violet: 'bg-violet-500/12 text-violet-600 dark:text-violet-300',
  emerald: 'bg-emerald-500/12 text-emerald-600 dark:text-emerald-300',
  teal: 'bg-teal-500/12 text-teal-600 dark:text-teal-300',
};

export function FigureCard({
  label,
  value,
  caption,
  icon: Icon,
  tone,
  loading = false,
  className,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  caption?: ReactNode;
  icon: LucideIcon;
  tone: FigureTone;
  loading?: boolean;
  className?: string;
  testId?: string;
}) {
  return (
    <article
      data-testid={testId}
      className={cn(
        'flex min-w-0 flex-col rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-5',
        className,
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-xs font-medium text-fg-muted sm:text-sm">{label}</h3>
        <span
          className={cn(
            'flex size-8 shrink-0 items-center justify-center rounded-lg sm:size-10 sm:rounded-xl',
            tones[tone],
          )}
        >
          <Icon className="size-4 sm:size-5" aria-hidden="true" />
        </span>
      </div>
      {loading ? (
        <Skeleton className="mt-2 h-7 w-28" />
      ) : (
        <p
          className="mt-1 truncate text-xl font-semibold tracking-tight text-fg tabular-nums sm:mt-2 sm:text-2xl"
          data-testid={testId ? `${testId}-value` : undefined}
        >
          {value}
        </p>
      )}
      {caption ? <p className="mt-1 text-xs leading-snug text-fg-subtle">{caption}</p> : null}
    </article>
  );
}

/** "Delivery history · 7" with optional actions on the right. */
export function SectionHeading({
  id,
  title,
  count,
  description,
  actions,
}: {
  id: string;
  title: ReactNode;
  count?: number | undefined;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-3 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
      <div className="min-w-0">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-fg">
          {title}
          {count !== undefined ? (
            <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium tabular-nums text-fg-muted">
              {count}
            </span>
          ) : null}
        </h2>
        {description ? <p className="mt-0.5 text-sm text-fg-muted">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}

/** A small "nothing here yet" row for sections of a detail page. */
export function CompactEmpty({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 px-5 py-6 sm:flex-row sm:items-center sm:px-6">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface-muted text-fg-subtle">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-fg">{title}</p>
        {description ? <p className="mt-0.5 text-sm text-fg-muted">{description}</p> : null}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}
