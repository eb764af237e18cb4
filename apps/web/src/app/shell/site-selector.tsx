import type { Site } from '@siteledger/domain';
import { Building2, Check, ChevronsUpDown, LayoutGrid, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuRoot,
  MenuSeparator,
  MenuTrigger,
} from '../../components/ui/menu';
import { useToast } from '../../components/ui/toast-context';
import { useSites, type SiteListItem } from '../../features/sites/api';
import { CreateSiteDialog } from '../../features/sites/create-site-dialog';
import { formatDecimal, formatInteger } from '../../lib/format';
import { useSession } from '../../lib/session';

function useSiteFacts() {
  const { t } = useTranslation();
  return (site: SiteListItem) =>
    t('sites.facts', {
      units: t('sites.unitsValue', {
        count: site.total_units,
        value: formatInteger(site.total_units),
      }),
      area: t('sites.areaValue', { value: formatDecimal(site.total_planned_area) }),
    });
}

/** The current site with units and area, the other sites to switch to, and Create New Site. */
export function SiteSelector() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const toast = useToast();
  const { siteId, selectSite } = useSession();
  const sites = useSites();
  const facts = useSiteFacts();
  const [creating, setCreating] = useState(false);
  const list = sites.data ?? [];
  const current = list.find((site) => site.id === siteId);
  const others = list.filter((site) => site.id !== siteId);

  /** Stay in the same section after a switch; a record of the old site would not exist. */
  const sectionPath = `/${pathname.split('/')[1] ?? ''}`;

  const switchTo = (site: SiteListItem) => {
    selectSite(site.id, site.role);
    void navigate(sectionPath, { replace: true });
    toast.info(t('sites.switched', { name: site.name }));
  };

  const onCreated = (site: Site) => {
    setCreating(false);
    toast.success(t('sites.create.success', { name: site.name }));
    selectSite(site.id, site.role ?? 'owner');
    void navigate('/', { replace: true });
  };

  return (
    <>
      <MenuRoot>
        <MenuTrigger
          data-testid="site-selector"
          className="group flex min-w-0 max-w-full items-center gap-2.5 rounded-xl px-2 py-1.5 text-left transition-colors hover:bg-surface-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring data-[state=open]:bg-surface-hover"
          aria-label={t('sites.selector.label', { name: current?.name ?? '' })}
        >
          <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-fg sm:flex">
            <Building2 className="size-[18px]" aria-hidden="true" />
          </span>
          <span className="min-w-0">
            <span
              className="block truncate text-sm font-semibold text-fg"
              data-testid="current-site-name"
            >
              {current?.name ?? t('sites.selector.none')}
            </span>
            {current ? (
              <span className="hidden truncate text-xs text-fg-muted sm:block">
                {facts(current)}
              </span>
            ) : null}
          </span>
          <ChevronsUpDown className="size-4 shrink-0 text-fg-subtle" aria-hidden="true" />
        </MenuTrigger>
        <MenuContent align="start" className="w-80">
          {current ? (
            <>
              <MenuLabel>{t('sites.selector.current')}</MenuLabel>
              <div className="flex items-start gap-3 rounded-lg px-2.5 py-2">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <div className="min-w-0">
                  <p className="truncate text-sm font-semibold text-fg">{current.name}</p>
                  <p className="text-xs text-fg-muted">{facts(current)}</p>
                  {current.role ? (
                    <p className="mt-0.5 text-xs text-fg-subtle">
                      {t('sites.selector.yourRole', { role: t(`roles.${current.role}`) })}
                    </p>
                  ) : null}
                </div>
              </div>
            </>
          ) : null}
          {others.length > 0 ? (
            <>
              <MenuSeparator />
              <MenuLabel>{t('sites.selector.switchTo')}</MenuLabel>
              <div className="max-h-64 overflow-y-auto">
                {others.map((site) => (
                  <MenuItem key={site.id} onSelect={() => switchTo(site)} data-testid="site-option">
                    <Building2 aria-hidden="true" />
                    <span className="min-w-0">
                      <span className="block truncate">{site.name}</span>
                      <span className="block text-xs text-fg-muted">{facts(site)}</span>
                    </span>
                  </MenuItem>
                ))}
              </div>
            </>
          ) : null}
          <MenuSeparator />
          <MenuItem onSelect={() => void navigate('/select-site')} data-testid="all-sites">
            <LayoutGrid aria-hidden="true" />
            {t('sites.selector.allSites')}
          </MenuItem>
          <MenuItem onSelect={() => setCreating(true)} data-testid="create-new-site-menu">
            <Plus aria-hidden="true" />
            {t('sites.create.newSiteMenu')}
          </MenuItem>
        </MenuContent>
      </MenuRoot>
      <CreateSiteDialog open={creating} onOpenChange={setCreating} onCreated={onCreated} />
    </>
  );
}
