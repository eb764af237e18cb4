import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';

type Tone = 'blue' | 'emerald' | 'amber' | 'violet';

const tones: Record<Tone, string> = {
  blue: 'bg-blue-500/12 text-blue-600 dark:text-blue-300',
  emerald: 'bg-emerald-500/12 text-emerald-600 dark:text-emerald-300',
  amber: 'bg-amber-500/14 text-amber-700 dark:text-amber-300',
  violet: 'bg-violet-500/12 text-violet-600 dark:text-violet-300',
};

/** One money figure of the vendor summary, with its icon, caption and optional extra line. */
export function SummaryCard({
  label,
  value,
  caption,
  icon: Icon,
  tone,
  highlight = false,
  loading,
  testId,
  extra,
}: {
  label: string;
  value: number | undefined;
  caption: string;
  icon: LucideIcon;
  tone: Tone;
  highlight?: boolean;
  loading: boolean;
  testId: string;
  extra?: ReactNode;
}) {
  return (
    <article
      data-testid={testId}
      data-highlight={highlight || undefined}
      className={cn(
        'flex min-w-0 flex-col rounded-2xl border bg-surface p-4 shadow-card sm:p-5',
        highlight ? 'border-amber-500/45 bg-warning-soft/60' : 'border-border',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        {/* h2: the first level under the page's h1 (heading order). */}
        <h2 className="text-xs font-medium text-fg-muted sm:text-sm">{label}</h2>
        <span
          className={cn(
            'hidden size-9 shrink-0 items-center justify-center rounded-xl sm:flex',
            tones[tone],
          )}
        >
          <Icon className="size-[18px]" aria-hidden="true" />
        </span>
      </div>
      {loading || value === undefined ? (
        // The figure's own box (margin and line height), so the card keeps its size when it loads.
        <Skeleton className="mt-1 h-7 w-28 sm:mt-2 sm:h-8" />
      ) : (
        <p
          className={cn(
            'mt-1 truncate text-lg font-semibold tracking-tight tabular-nums sm:mt-2 sm:text-2xl',
            highlight ? 'text-warning-soft-fg' : 'text-fg',
          )}
          data-testid={`${testId}-value`}
        >
          {formatRupees(value)}
        </p>
      )}
      <p className="mt-1 text-xs leading-snug text-fg-subtle">{caption}</p>
      {extra}
    </article>
  );
}
