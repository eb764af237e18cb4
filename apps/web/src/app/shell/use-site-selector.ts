import type { Site } from '@siteledger/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../components/ui/toast-context';
import { useSiteAllowance, useSites, type SiteListItem } from '../../features/sites/api';
import { formatDecimal, formatInteger } from '../../lib/format';
import { useSession } from '../../lib/session';

/** "N units · X sq ft" of a site, in the reader's language. */
export function useSiteFacts() {
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

/** The site list, the plan's site allowance, switching sites and the dialogs the menu opens. */
export function useSiteSelector() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const toast = useToast();
  const { siteId, selectSite } = useSession();
  const sites = useSites();
  const allowance = useSiteAllowance();
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
  const manageFromMenu = (site: SiteListItem) => {
    toDialog.current = true;
    open('manage', site);
  };
  const createFromMenu = () => {
    toDialog.current = true;
    setTimeout(() => setCreating(true), 0);
  };
  const close = () => setDialog(null);

  return {
    current,
    others,
    canCreate,
    maxSites,
    creating,
    setCreating,
    dialog,
    dialogSite,
    toDialog,
    switchTo,
    onCreated,
    open,
    manageFromMenu,
    createFromMenu,
    close,
  };
}
