import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/ui/toast-context';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { useDeleteSite, type SiteListItem } from './api';

/**
 * The typed-name check and the deletion itself: afterwards the current site (if it was this one)
 * is cleared, the sites reload and the user goes to `/` when sites remain, else `/select-site`.
 * The dialog cannot be closed while the deletion runs.
 */
export function useDeleteSiteFlow(
  site: SiteListItem | null,
  onOpenChange: (open: boolean) => void,
) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { siteId, clearSite } = useSession();
  const remove = useDeleteSite();
  const [typed, setTyped] = useState('');
  const busy = remove.isPending;
  const name = site?.name ?? '';
  const matches = site !== null && typed === name;

  const change = (next: boolean) => {
    if (!next && busy) return;
    if (!next) setTyped('');
    onOpenChange(next);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!site || !matches || busy) return;
    const wasCurrent = site.id === siteId;
    try {
      await remove.mutateAsync(site.id);
    } catch {
      toast.error(t('sites.delete.error', { name }));
      return;
    }
    setTyped('');
    onOpenChange(false);
    toast.success(t('sites.delete.success', { name }));
    if (wasCurrent) clearSite();
    // Nothing of the deleted site is shown again; then the user's sites reload.
    queryClient.removeQueries({ queryKey: queryKeys.site(site.id) });
    await queryClient.invalidateQueries({ queryKey: queryKeys.sites, exact: true });
    if (wasCurrent) {
      const remaining = queryClient.getQueryData<SiteListItem[]>(queryKeys.sites) ?? [];
      void navigate(remaining.length > 0 ? '/' : '/select-site', { replace: true });
    }
  };

  return { typed, setTyped, busy, name, matches, change, confirm };
}
