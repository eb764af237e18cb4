import { Building2, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import type { SiteListItem } from './api';
import { SiteSizeFacts } from './site-size-facts';

export function SiteCard({
  site,
  current,
  onSelect,
}: {
  site: SiteListItem;
  current: boolean;
  onSelect: (site: SiteListItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => onSelect(site)}
      data-testid="site-card"
      aria-current={current || undefined}
      className={cn(
        'group flex w-full flex-col rounded-2xl border bg-surface p-5 text-left shadow-card transition-all',
        'hover:-translate-y-0.5 hover:border-primary/50 hover:shadow-pop',
        'focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
        current ? 'border-primary ring-1 ring-primary' : 'border-border',
      )}
    >
      <div className="flex items-start gap-3.5">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <Building2 className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate text-base font-semibold text-fg">{site.name}</h3>
            {site.role ? <Badge tone="primary">{t(`roles.${site.role}`)}</Badge> : null}
            {current ? <Badge tone="success">{t('sites.current')}</Badge> : null}
          </div>
          <p className="mt-1 line-clamp-2 min-h-[2.5rem] text-sm leading-relaxed text-fg-muted">
            {site.description || t('sites.noDescription')}
          </p>
        </div>
        <ChevronRight
          className="mt-3 size-5 shrink-0 text-fg-subtle transition-transform group-hover:translate-x-0.5 group-hover:text-primary"
          aria-hidden="true"
        />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 border-t border-border pt-4">
        <SiteSizeFacts site={site} look="card" />
      </dl>
    </button>
  );
}
