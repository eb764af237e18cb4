/**
 * Site stock hooks (data/stock.ts), and the sites a transfer may go to (this feature's own view of
 * the person's sites).
 */
import { useSession } from '../../lib/session';
import { useSites } from '../../data/sites';

export * from '../../data/stock';

/**
 * The person's other sites a transfer may go to: those where they are owner or supervisor (the
 * server also refuses the rest with 403). Same query as the site selector's.
 */
export function useTransferSites() {
  const { siteId } = useSession();
  const sites = useSites();
  const options = (sites.data ?? [])
    .filter((site) => site.id !== siteId && (site.role === 'owner' || site.role === 'supervisor'))
    .map((site) => ({ value: site.id, label: site.name }));
  return { options, isPending: sites.isPending };
}
