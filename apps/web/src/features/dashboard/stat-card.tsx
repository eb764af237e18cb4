import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { FigureValue, IconChip, type IconTone } from '../../components/ui/figure-parts';

export type StatTone = IconTone;

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
      <FigureValue
        loading={loading}
        skeletonClassName="mt-3 h-8 w-36"
        className="mt-2 text-2xl font-semibold tracking-tight text-fg tabular-nums sm:text-[28px]"
        testId={testId}
      >
        {value}
      </FigureValue>
      <p className="mt-1.5 text-xs leading-relaxed text-fg-subtle">{caption}</p>
    </article>
  );
}

/** The tinted square with a stat's icon, top right of its card. */
export function StatIcon({ icon, tone }: { icon: LucideIcon; tone: StatTone }) {
  return (
    <IconChip
      icon={icon}
      tone={tone}
      className="flex size-10 shrink-0 items-center justify-center rounded-xl"
      iconClassName="size-5"
    />
  );
}
