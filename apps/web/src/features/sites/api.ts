import type { Role, Site, SiteAllowance, SiteCreate, SiteUpdate } from '@siteledger/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';

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
  | 'created'
> & { role: Role | null };

/** A received invitation (API.md "Invitation objects"). */
export interface ReceivedInvitation {
  id: string;
  site: { id: string; name: string };
  email: string;
  role: Role;
  status: string;
  invited_by: { id: string; name: string } | null;
  invited_at: string;
  expires_at: string;
}

interface ListResult<T> {
  items: T[];
}

/** GET /api/me/site-allowance, cached per user. */
const ALLOWANCE_KEY = ['me', 'site-allowance'] as const;

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

/** Pending invitations are still pending only until they expire (spec part 4). */
export function isOpenInvitation(invitation: ReceivedInvitation, now = Date.now()): boolean {
  return invitation.status === 'pending' && Date.parse(invitation.expires_at) > now;
}

/**
 * Pending invitations for the caller (GET /api/invitations), refreshed every minute so the user
 * menu's badge picks up new ones. A load cancelled by navigation is not an error (TanStack Query
 * drops aborted fetches silently).
 */
export function useReceivedInvitations() {
  const { status } = useSession();
  return useQuery({
    queryKey: queryKeys.receivedInvitations,
    queryFn: async ({ signal }): Promise<ReceivedInvitation[]> => {
      const result = await api.get<ListResult<ReceivedInvitation>>('/api/invitations', { signal });
      return (result.items ?? []).filter((invitation) => isOpenInvitation(invitation));
    },
    enabled: status === 'signed-in',
    staleTime: 30_000,
    refetchInterval: 60_000,
    retry: 1,
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

export function useRespondToInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'accept' | 'decline' }) =>
      api.post<unknown>(`/api/invitations/${encodeURIComponent(id)}/${action}`),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.receivedInvitations }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sites, exact: true }),
      ]);
    },
  });
}
