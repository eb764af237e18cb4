import { SERVICE_CATEGORIES, SERVICE_UNITS, type ServiceCategory } from '@siteledger/domain';
import type { TFunction } from 'i18next';
import { BriefcaseBusiness, Forklift, HardHat, Shapes, Truck, type LucideIcon } from 'lucide-react';
import { ActiveBadge as SharedActiveBadge } from '../../components/record-detail/dot-pill';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../../components/ui/select-field';
import { formatQuantity, unitLabel, unitOptions } from '../../components/ui/quantity-field';
import { cn } from '../../lib/cn';

export const isServiceCategory = (value: string): value is ServiceCategory =>
  (SERVICE_CATEGORIES as readonly string[]).includes(value);

export const isServiceUnit = (value: string): boolean =>
  (SERVICE_UNITS as readonly string[]).includes(value);

export function categoryLabel(t: TFunction, category: string): string {
  return isServiceCategory(category) ? t(`services.categories.${category}`) : category;
}

export function categoryOptions(t: TFunction): SelectOption[] {
  return SERVICE_CATEGORIES.map((category) => ({
    value: category,
    label: categoryLabel(t, category),
  }));
}

export const serviceUnitOptions = (t: TFunction): SelectOption[] => unitOptions(t, SERVICE_UNITS);

/** "Day" for a rate's "/ day" suffix: the short unit word, lower-cased for English. */
export function perUnit(t: TFunction, unit: string): string {
  return t(`services.perUnit.${unit}`, { defaultValue: unitLabel(t, unit) });
}

const CATEGORY_STYLE: Record<ServiceCategory, { icon: LucideIcon; className: string }> = {
  labor: { icon: HardHat, className: 'text-orange-600 dark:text-orange-300' },
  equipment: { icon: Forklift, className: 'text-blue-600 dark:text-blue-300' },
  professional: { icon: BriefcaseBusiness, className: 'text-violet-600 dark:text-violet-300' },
  transport: { icon: Truck, className: 'text-teal-600 dark:text-teal-300' },
  other: { icon: Shapes, className: 'text-fg-subtle' },
};

/** The category with its icon, e.g. a hard hat before "Labour". */
export function CategoryLabel({ category, className }: { category: string; className?: string }) {
  const { t } = useTranslation();
  const style = isServiceCategory(category) ? CATEGORY_STYLE[category] : CATEGORY_STYLE.other;
  const Icon = style.icon;
  return (
    <span className={cn('inline-flex items-center gap-1.5 whitespace-nowrap', className)}>
      <Icon className={cn('size-4 shrink-0', style.className)} aria-hidden="true" />
      {categoryLabel(t, category)}
    </span>
  );
}

/** Active (green) or inactive (grey) pill. */
export function ActiveBadge(props: { active: boolean; testId?: string }) {
  return <SharedActiveBadge ns="services" {...props} />;
}

/** "8 days", "2.5 hours", "1 job" — translated, with Indian digit grouping. */
export function durationText(t: TFunction, duration: number, unit: string): string {
  const value = formatQuantity(duration);
  return isServiceUnit(unit)
    ? t(`services.durations.${unit}`, { count: duration, value })
    : formatQuantity(duration, unit);
}
