/** The person's sites (API.md "Sites, members, invitations"): GET /api/sites and their writes. */
import type { Role, Site, SiteAllowance, SiteCreate, SiteUpdate } from '@siteledger/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { useSession } from '../lib/session';

/** One entry of GET /api/sites: the site plus the caller's role on it. */
export type SiteListItem = Pick<
  Site,
  | 'id'
  | 'name'
  | 'description'
  | 'total_units'
  | 'total_planned_area'
  | 'admin_user'
  | 'is_active'
  | 'require_two_step'
  | 'gstin'
  | 'state_code'
  | 'input_tax_mode'
  | 'tan'
  | 'ot_multiplier'
  | 'budget_control'
  | 'consumption_flag_percent'
  | 'supervisor_budget_view'
  | 'petty_approval_threshold'
  | 'petty_photo_above'
  | 'created'
> & { role: Role | null };

interface ListResult<T> {
  items: T[];
}

/** GET /api/me/site-allowance, cached per user (refreshed too after a plan upgrade). */
const ALLOWANCE_KEY = queryKeys.siteAllowance;

export function useSites() {
  const { status } = useSession();
  return useQuery({
    queryKey: queryKeys.sites,
    queryFn: async ({ signal }) =>
      (await api.get<ListResult<SiteListItem>>('/api/sites', { signal })).items,
    enabled: status === 'signed-in',
    staleTime: 60_000,
  });
}

/** May the caller create another site under their plan (GET /api/me/site-allowance)? */
export function useSiteAllowance(enabled = true) {
  const { status } = useSession();
  return useQuery({
    queryKey: ALLOWANCE_KEY,
    queryFn: ({ signal }) => api.get<SiteAllowance>('/api/me/site-allowance', { signal }),
    enabled: enabled && status === 'signed-in',
    staleTime: 30_000,
  });
}

/** The site list, one site's details (dashboard header) and the allowance after a site change. */
function refreshSites(queryClient: QueryClient, siteId?: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.sites, exact: true }),
    queryClient.invalidateQueries({ queryKey: ALLOWANCE_KEY }),
    siteId
      ? queryClient.invalidateQueries({ queryKey: queryKeys.site(siteId), exact: true })
      : undefined,
  ]);
}

export function useCreateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteCreate) => api.post<Site>('/api/sites', input),
    onSuccess: () => refreshSites(queryClient),
  });
}

/** PATCH /api/sites/{id} (owner or supervisor). */
export function useUpdateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: SiteUpdate }) =>
      api.patch<Site>(`/api/sites/${encodeURIComponent(id)}`, data),
    onSuccess: (_site, { id }) => refreshSites(queryClient, id),
  });
}

/**
 * POST /api/sites/{id}/disown (owner only): the site and everyone's access to it go. The caller
 * (delete-site-dialog.tsx) clears the selection and reloads the sites in the spec's order.
 */
export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<void>(`/api/sites/${encodeURIComponent(id)}/disown`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALLOWANCE_KEY }),
  });
}

/**
 * GET /api/sites/{id}: one site's record, one cache entry (`queryKeys.site`) for every screen that
 * reads it (the dashboard's header, the GST place of supply, settings cards, the users page) and
 * that a site's change refreshes. `T`: the fields the caller reads.
 */
export function useSiteRecord<T = Site>(siteId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.site(siteId),
    queryFn: ({ signal }) => api.get<T>(`/api/sites/${encodeURIComponent(siteId)}`, { signal }),
    enabled: Boolean(siteId) && enabled,
    staleTime: 60_000,
  });
}

/** The current site's details for the dashboard's header. */
export interface SiteDetails {
  id: string;
  name: string;
  description: string | null;
  total_units: number;
  total_planned_area: number;
}

export const useSiteDetails = (siteId: string) => useSiteRecord<SiteDetails>(siteId);
