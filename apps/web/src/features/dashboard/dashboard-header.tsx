import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton';
import { formatInteger } from '../../lib/format';
import type { useSiteDetails } from './api';

function greetingKey(hour: number): string {
  if (hour < 12) return 'dashboard.greeting.morning';
  if (hour < 17) return 'dashboard.greeting.afternoon';
  return 'dashboard.greeting.evening';
}

/** Greeting, title and the site's name, units and area. */
export function DashboardHeader({
  firstName,
  site,
  area,
}: {
  firstName: string;
  site: ReturnType<typeof useSiteDetails>;
  area: string;
}) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-col gap-1.5" data-tour="dashboard-header">
      <p className="text-sm font-medium text-primary">
        {t(greetingKey(new Date().getHours()), { name: firstName })}
      </p>
      <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
        {t('dashboard.title')}
      </h1>
      {site.data ? (
        <p className="text-sm text-fg-muted" data-testid="dashboard-site-summary">
          {t('dashboard.siteSummary', {
            name: site.data.name,
            units: t('sites.unitsValue', {
              count: site.data.total_units,
              value: formatInteger(site.data.total_units),
            }),
            area: t('sites.areaValue', { value: area }),
          })}
        </p>
      ) : (
        <Skeleton className="h-4 w-64 max-w-full" />
      )}
    </header>
  );
}
