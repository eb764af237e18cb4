import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';

export type StatTone = 'orange' | 'blue' | 'violet' | 'amber' | 'emerald' | 'teal';

/** The icon chip colours of each tone (also used by the dashboard's list cards). */
export const STAT_TONES: Record<StatTone, string> = {
  orange: 'bg-orange-500/12 text-orange-600 dark:text-orange-300',
  blue: 'bg-blue-500/12 text-blue-600 dark:text-blue-300',
  violet: 'bg-violet-500/12 text-violet-600 dark:text-violet-300',
  amber: 'bg-amber-500/14 text-amber-700 dark:text-amber-300',
  emerald: 'bg-emerald-500/12 text-emerald-600 dark:text-emerald-300',
  teal: 'bg-teal-500/12 text-teal-600 dark:text-teal-300',
};

export function StatCard({
  testId,
  label,
  value,
  caption,
  icon: Icon,
  tone,
  loading,
}: {
  testId: string;
  label: ReactNode;
  value: string;
  caption: ReactNode;
  icon: LucideIcon;
  tone: StatTone;
  loading: boolean;
}) {
  return (
    <article
      data-testid={testId}
      className="flex flex-col rounded-2xl border border-border bg-surface p-5 shadow-card transition-shadow hover:shadow-pop sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-sm font-medium text-fg-muted">{label}</h2>
        <StatIcon icon={Icon} tone={tone} />
      </div>
      {loading ? (
        <Skeleton className="mt-3 h-8 w-36" />
      ) : (
        <p
          className="mt-2 text-2xl font-semibold tracking-tight text-fg tabular-nums sm:text-[28px]"
          data-testid={`${testId}-value`}
        >
          {value}
        </p>
      )}
      <p className="mt-1.5 text-xs leading-relaxed text-fg-subtle">{caption}</p>
    </article>
  );
}

/** The tinted square with a stat's icon, top right of its card. */
export function StatIcon({ icon: Icon, tone }: { icon: LucideIcon; tone: StatTone }) {
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-xl',
        STAT_TONES[tone],
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}
