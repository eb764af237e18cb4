import { canManageSite, isOwner, type Site } from '@siteledger/domain';
import {
  Building2,
  Check,
  ChevronsUpDown,
  LayoutGrid,
  Lock,
  Plus,
  Settings2,
  Sparkles,
} from 'lucide-react';
import { useRef, useState } from 'react';
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
import { useSiteAllowance, useSites, type SiteListItem } from '../../features/sites/api';
import { CreateSiteDialog } from '../../features/sites/create-site-dialog';
import { DeleteSiteDialog } from '../../features/sites/delete-site-dialog';
import { ManageSiteDialog } from '../../features/sites/manage-site-dialog';
import { formatDecimal, formatInteger } from '../../lib/format';
import { useSession } from '../../lib/session';
import { SubscriptionMenuItem } from './subscription-menu-item';

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

type SiteDialog = { kind: 'manage' | 'delete'; site: SiteListItem } | null;

/**
 * The current site with units and area, a manage button (admins of the current site; owners of
 * another), the other sites to switch to, and Create New Site (disabled, with the plan's message,
 * when the plan's site limit is reached).
 */
export function SiteSelector() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const toast = useToast();
  const { siteId, selectSite } = useSession();
  const sites = useSites();
  const allowance = useSiteAllowance();
  const facts = useSiteFacts();
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<SiteDialog>(null);
  // Keeps the site shown while a dialog closes (its content fades out with it).
  const [dialogSite, setDialogSite] = useState<SiteListItem | null>(null);
  // A dialog opened from the menu keeps its focus (the menu must not pull it back to its trigger).
  const toDialog = useRef(false);
  const list = sites.data ?? [];
  const current = list.find((site) => site.id === siteId);
  const others = list.filter((site) => site.id !== siteId);
  // Until the allowance is known the server decides (it refuses with the same message).
  const canCreate = allowance.data?.can_create ?? true;
  const maxSites = allowance.data?.max_sites ?? 0;

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

  const open = (kind: 'manage' | 'delete', site: SiteListItem) => {
    setDialogSite(site);
    // After the menu has closed and released focus, so the dialog's first field gets it.
    setTimeout(() => setDialog({ kind, site }), 0);
  };
  const close = () => setDialog(null);

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
        <MenuContent
          align="start"
          className="w-[22rem]"
          data-testid="site-selector-menu"
          onCloseAutoFocus={(event) => {
            if (toDialog.current) event.preventDefault();
            toDialog.current = false;
          }}
        >
          {current ? (
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
                  onSelect={() => {
                    toDialog.current = true;
                    open('manage', current);
                  }}
                  data-testid="site-manage-current"
                  className="mx-1 mb-1 justify-center border border-border font-medium"
                >
                  <Settings2 aria-hidden="true" />
                  {t('sites.selector.manage')}
                </MenuItem>
              ) : null}
              <SubscriptionMenuItem testId="site-subscription" className="mx-1 mb-1" />
            </>
          ) : null}
          {others.length > 0 ? (
            <>
              <MenuSeparator />
              <MenuLabel>{t('sites.selector.switchTo')}</MenuLabel>
              <div className="max-h-64 overflow-y-auto">
                {others.map((site) => (
                  <div key={site.id} className="flex items-center gap-1">
                    <MenuItem
                      onSelect={() => switchTo(site)}
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
                        onSelect={() => {
                          toDialog.current = true;
                          open('manage', site);
                        }}
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
          ) : null}
          <MenuSeparator />
          <MenuItem onSelect={() => void navigate('/select-site')} data-testid="all-sites">
            <LayoutGrid aria-hidden="true" />
            {t('sites.selector.allSites')}
          </MenuItem>
          <MenuItem
            onSelect={() => {
              toDialog.current = true;
              setTimeout(() => setCreating(true), 0);
            }}
            disabled={!canCreate}
            data-testid="create-new-site-menu"
          >
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
          {!canCreate && isOwner(current?.role) ? (
            <MenuItem
              onSelect={() => void navigate('/subscription')}
              className="font-medium text-primary [&_svg]:text-primary"
              data-testid="site-limit-upgrade"
            >
              <Sparkles aria-hidden="true" />
              {t('sites.allowance.upgrade')}
            </MenuItem>
          ) : null}
        </MenuContent>
      </MenuRoot>
      <CreateSiteDialog open={creating} onOpenChange={setCreating} onCreated={onCreated} />
      <ManageSiteDialog
        site={dialogSite}
        open={dialog?.kind === 'manage'}
        onOpenChange={(next) => !next && close()}
        onDelete={(site) => open('delete', site)}
      />
      <DeleteSiteDialog
        site={dialogSite}
        open={dialog?.kind === 'delete'}
        onOpenChange={(next) => !next && close()}
      />
    </>
  );
}
