import { canManageSite, isOwner } from '@siteledger/domain';
import { Building2, Check, LayoutGrid, Lock, Plus, Settings2, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuItem, MenuLabel, MenuSeparator } from '../../components/ui/menu';
import type { SiteListItem } from '../../features/sites/api';
import { SubscriptionMenuItem } from './subscription-menu-item';
import { useSiteFacts } from './use-site-selector';

/** The current site's facts and role, its manage button (admins) and the subscription link. */
export function CurrentSiteSection({
  current,
  onManage,
}: {
  current: SiteListItem;
  onManage: (site: SiteListItem) => void;
}) {
  const { t } = useTranslation();
  const facts = useSiteFacts();
  return (
    <>
      <MenuLabel>{t('sites.selector.current')}</MenuLabel>
      <div className="flex items-start gap-3 rounded-lg px-2.5 py-2">
        <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-fg">{current.name}</p>
          <p className="text-xs text-fg-muted" data-testid="current-site-facts">
            {facts(current)}
          </p>
          {current.role ? (
            <p className="mt-0.5 text-xs text-fg-subtle" data-testid="current-site-role">
              {t('sites.selector.yourRole', { role: t(`roles.${current.role}`) })}
            </p>
          ) : null}
        </div>
      </div>
      {canManageSite(current.role) ? (
        <MenuItem
          onSelect={() => onManage(current)}
          data-testid="site-manage-current"
          className="mx-1 mb-1 justify-center border border-border font-medium"
        >
          <Settings2 aria-hidden="true" />
          {t('sites.selector.manage')}
        </MenuItem>
      ) : null}
      <SubscriptionMenuItem testId="site-subscription" className="mx-1 mb-1" />
    </>
  );
}

/** The other sites to switch to, each with a manage button for its owner. */
export function OtherSitesSection({
  others,
  onSwitch,
  onManage,
}: {
  others: SiteListItem[];
  onSwitch: (site: SiteListItem) => void;
  onManage: (site: SiteListItem) => void;
}) {
  const { t } = useTranslation();
  const facts = useSiteFacts();
  return (
    <>
      <MenuSeparator />
      <MenuLabel>{t('sites.selector.switchTo')}</MenuLabel>
      <div className="max-h-64 overflow-y-auto">
        {others.map((site) => (
          <div key={site.id} className="flex items-center gap-1">
            <MenuItem
              onSelect={() => onSwitch(site)}
              className="min-w-0 flex-1"
              data-testid="site-option"
            >
              <Building2 aria-hidden="true" />
              <span className="min-w-0">
                <span className="block truncate">{site.name}</span>
                <span className="block text-xs text-fg-muted">{facts(site)}</span>
              </span>
            </MenuItem>
            {isOwner(site.role) ? (
              <MenuItem
                onSelect={() => onManage(site)}
                aria-label={t('sites.selector.manageNamed', { name: site.name })}
                title={t('sites.selector.manageNamed', { name: site.name })}
                className="size-10 shrink-0 justify-center px-0"
                data-testid="site-option-manage"
              >
                <Settings2 aria-hidden="true" />
              </MenuItem>
            ) : null}
          </div>
        ))}
      </div>
    </>
  );
}

/** All sites, Create New Site, and — at the plan's site limit — its message and Upgrade. */
export function SiteCreateSection({
  canCreate,
  maxSites,
  isCurrentOwner,
  onCreate,
}: {
  canCreate: boolean;
  maxSites: number;
  isCurrentOwner: boolean;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <MenuSeparator />
      <MenuItem onSelect={() => void navigate('/select-site')} data-testid="all-sites">
        <LayoutGrid aria-hidden="true" />
        {t('sites.selector.allSites')}
      </MenuItem>
      {/* Owners: their business's sites side by side (issue 47). */}
      {isCurrentOwner ? (
        <MenuItem onSelect={() => void navigate('/business')} data-testid="business-overview-menu">
          <Building2 aria-hidden="true" />
          {t('business.page.menu')}
        </MenuItem>
      ) : null}
      <MenuItem onSelect={onCreate} disabled={!canCreate} data-testid="create-new-site-menu">
        {canCreate ? <Plus aria-hidden="true" /> : <Lock aria-hidden="true" />}
        {t('sites.create.newSiteMenu')}
      </MenuItem>
      {!canCreate ? (
        <div className="px-2.5 pb-1.5" data-testid="site-limit-message">
          <p className="text-xs leading-relaxed text-fg-muted">
            {t('sites.allowance.limit', { count: maxSites })}
          </p>
        </div>
      ) : null}
      {!canCreate && isCurrentOwner ? (
        <MenuItem
          onSelect={() => void navigate('/subscription')}
          className="font-medium text-primary [&_svg]:text-primary"
          data-testid="site-limit-upgrade"
        >
          <Sparkles aria-hidden="true" />
          {t('sites.allowance.upgrade')}
        </MenuItem>
      ) : null}
    </>
  );
}
