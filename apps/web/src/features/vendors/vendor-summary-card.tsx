import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { FigureValue, IconChip, type IconTone } from '../../components/ui/figure-parts';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';

/** One money figure of the vendor summary, with its icon, caption and optional extra line. */
export function SummaryCard({
  label,
  value,
  caption,
  icon,
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
  tone: IconTone;
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
        <IconChip
          icon={icon}
          tone={tone}
          className="hidden size-9 shrink-0 items-center justify-center rounded-xl sm:flex"
          iconClassName="size-[18px]"
        />
      </div>
      <FigureValue
        loading={loading || value === undefined}
        // The figure's own box (margin and line height), so the card keeps its size when it loads.
        skeletonClassName="mt-1 h-7 w-28 sm:mt-2 sm:h-8"
        className={cn(
          'mt-1 truncate text-lg font-semibold tracking-tight tabular-nums sm:mt-2 sm:text-2xl',
          highlight ? 'text-warning-soft-fg' : 'text-fg',
        )}
        testId={testId}
      >
        {value === undefined ? null : formatRupees(value)}
      </FigureValue>
      <p className="mt-1 text-xs leading-snug text-fg-subtle">{caption}</p>
      {extra}
    </article>
  );
}
