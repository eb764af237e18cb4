import type { Role, Site, SiteCreate } from '@siteledger/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useSites() {
  const { status } = useSession();
  return useQuery({
    queryKey: queryKeys.sites,
    queryFn: async () => (await api.get<ListResult<SiteListItem>>('/api/sites')).items,
    enabled: status === 'signed-in',
    staleTime: 60_000,
  });
}

/** Pending invitations for the caller. Until the endpoint exists an error means "none". */
export function useReceivedInvitations() {
  const { status } = useSession();
  return useQuery({
    queryKey: queryKeys.receivedInvitations,
    queryFn: async (): Promise<ReceivedInvitation[]> => {
      try {
        const result = await api.get<ListResult<ReceivedInvitation>>('/api/invitations');
        return (result.items ?? []).filter((invitation) => invitation.status === 'pending');
      } catch {
        return [];
      }
    },
    enabled: status === 'signed-in',
    staleTime: 60_000,
    retry: false,
  });
}

export function useCreateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteCreate) => api.post<Site>('/api/sites', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sites }),
  });
}

export function useRespondToInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'accept' | 'decline' }) =>
      api.post<unknown>(`/api/invitations/${encodeURIComponent(id)}/${action}`),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.receivedInvitations }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sites }),
      ]);
    },
  });
}
