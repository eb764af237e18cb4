/**
 * The parts every figure card shares (a detail page's figures, the dashboard's, a vendor's
 * summary): the tinted square with its icon, one palette so a tone looks the same on every page,
 * and the big value, a skeleton while it loads. Each card keeps its own sizes.
 */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Skeleton } from './skeleton';

export type IconTone = 'orange' | 'blue' | 'violet' | 'amber' | 'emerald' | 'teal';

export const ICON_TONES: Record<IconTone, string> = {
  orange: 'bg-orange-500/12 text-orange-600 dark:text-orange-300',
  blue: 'bg-blue-500/12 text-blue-600 dark:text-blue-300',
  violet: 'bg-violet-500/12 text-violet-600 dark:text-violet-300',
  amber: 'bg-amber-500/14 text-amber-700 dark:text-amber-300',
  emerald: 'bg-emerald-500/12 text-emerald-600 dark:text-emerald-300',
  teal: 'bg-teal-500/12 text-teal-600 dark:text-teal-300',
};

/** `className` lays out, sizes and rounds the square (each card its own); `iconClassName` the icon. */
export function IconChip({
  icon: Icon,
  tone,
  className,
  iconClassName,
}: {
  icon: LucideIcon;
  tone: IconTone;
  className: string;
  iconClassName: string;
}) {
  return (
    <span className={cn(className, ICON_TONES[tone])}>
      <Icon className={iconClassName} aria-hidden="true" />
    </span>
  );
}

/** The card's figure (test id `<card's>-value`), or a skeleton of `skeletonClassName` while it loads. */
export function FigureValue({
  loading,
  skeletonClassName,
  className,
  testId,
  children,
}: {
  loading: boolean;
  skeletonClassName: string;
  className: string;
  /** The card's test id. */
  testId: string | undefined;
  children: ReactNode;
}) {
  if (loading) return <Skeleton className={skeletonClassName} />;
  return (
    <p className={className} data-testid={testId ? `${testId}-value` : undefined}>
      {children}
    </p>
  );
}
