import type { Role, Site } from '@siteledger/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/ui/toast-context';
import { useReceivedInvitations } from '../../lib/invitations-api';
import { useSession } from '../../lib/session';
import { useSiteAllowance, useSites } from './api';

/** Spec part 9: a single site is selected automatically after about 100 ms. */
export const AUTO_SELECT_DELAY_MS = 100;

/**
 * The user's sites and invitations, choosing a site (then home), creating one, and opening the
 * only site by itself once no invitation waits.
 */
export function useSelectSite() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const { user, siteId, selectSite } = useSession();
  const sites = useSites();
  const invitations = useReceivedInvitations();
  const allowance = useSiteAllowance();
  const [creating, setCreating] = useState(false);
  const canCreate = allowance.data?.can_create ?? true;

  const choose = useCallback(
    (id: string, role: Role | null) => {
      selectSite(id, role);
      void navigate('/', { replace: true });
    },
    [selectSite, navigate],
  );

  const onCreated = (site: Site) => {
    setCreating(false);
    toast.success(t('sites.create.success', { name: site.name }));
    choose(site.id, site.role ?? 'owner');
  };

  const list = sites.data ?? [];
  const pending = invitations.data ?? [];
  const only = list.length === 1 ? list[0] : undefined;
  // Invitations that cannot be loaded do not hold the only site back.
  const invitationsSettled = invitations.isSuccess || invitations.isError;
  const shouldAutoSelect = Boolean(only) && invitationsSettled && pending.length === 0 && !siteId;

  /** Spec part 2: accepting reloads the sites and opens the site if it is now the only one. */
  const onAccepted = useCallback(async () => {
    const reloaded = await sites.refetch();
    const now = reloaded.data ?? [];
    const single = now.length === 1 ? now[0] : undefined;
    if (single) setTimeout(() => choose(single.id, single.role), AUTO_SELECT_DELAY_MS);
  }, [sites, choose]);

  useEffect(() => {
    if (!shouldAutoSelect || !only) return;
    const timer = setTimeout(() => choose(only.id, only.role), AUTO_SELECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shouldAutoSelect, only, choose]);

  return {
    user,
    siteId,
    sites,
    list,
    pending,
    only,
    shouldAutoSelect,
    canCreate,
    maxSites: allowance.data?.max_sites ?? 0,
    creating,
    setCreating,
    choose,
    onCreated,
    onAccepted,
  };
}
