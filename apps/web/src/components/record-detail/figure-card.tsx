/**
 * A key figure at the top of a detail page (label, big value, caption, tinted icon), and the
 * heading of a section below it.
 * (Same file in features/items and features/services: features do not import each other.)
 */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { FigureValue, IconChip, type IconTone } from '../ui/figure-parts';
import { cn } from '../../lib/cn';
import { Skeleton } from '../ui/skeleton';

export type FigureTone = Exclude<IconTone, 'amber'>;

export interface FigureCardProps {
  label: ReactNode;
  value: ReactNode;
  caption?: ReactNode;
  icon: LucideIcon;
  tone: FigureTone;
  loading?: boolean;
  className?: string;
  testId?: string;
}

export function FigureCard({
  label,
  value,
  caption,
  icon,
  tone,
  loading = false,
  className,
  testId,
}: FigureCardProps) {
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
        <IconChip
          icon={icon}
          tone={tone}
          className="flex size-8 shrink-0 items-center justify-center rounded-lg sm:size-10 sm:rounded-xl"
          iconClassName="size-4 sm:size-5"
        />
      </div>
      <FigureValue
        loading={loading}
        skeletonClassName="mt-2 h-7 w-28"
        className="mt-1 truncate text-xl font-semibold tracking-tight text-fg tabular-nums sm:mt-2 sm:text-2xl"
        testId={testId}
      >
        {value}
      </FigureValue>
      {caption ? <p className="mt-1 text-xs leading-snug text-fg-subtle">{caption}</p> : null}
    </article>
  );
}

/** A detail page's key figures: a section named `label`, its cards in the page's grid. */
export function FigureCards({
  label,
  className,
  cards,
}: {
  label: string;
  /** The grid, e.g. 'grid grid-cols-2 gap-3 sm:gap-4'. */
  className: string;
  cards: FigureCardProps[];
}) {
  return (
    <section aria-label={label} className={className}>
      {cards.map((card, index) => (
        <FigureCard key={card.testId ?? index} {...card} />
      ))}
    </section>
  );
}

/** The key figures' placeholders while the record loads: `count` cards in the same grid. */
export function FigureSkeletons({
  className,
  count,
  cardClassName = () => '',
}: {
  className: string;
  count: number;
  /** A card's own classes (e.g. a column span), by its place. */
  cardClassName?: (index: number) => string;
}) {
  return (
    <div className={className}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className={cn('h-28 rounded-2xl sm:h-32', cardClassName(index))} />
      ))}
    </div>
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
