import type {
  Invitation,
  InvitationCreate,
  Member,
  MemberAdd,
  MemberRoleChange,
} from '@siteledger/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { recordsPath, useSiteId } from '../../lib/site-records';

/** Site members and the invitations sent for the site (API.md "Sites, members, invitations"). */
const MEMBERS = 'members';
const INVITATIONS = 'invitations';

interface Items<T> {
  items: T[];
}

export function useMembers() {
  const siteId = useSiteId();
  return useQuery({
    queryKey: queryKeys.records(siteId, MEMBERS),
    queryFn: async ({ signal }) =>
      (await api.get<Items<Member>>(recordsPath(siteId, MEMBERS), { signal })).items,
    enabled: Boolean(siteId),
    staleTime: 15_000,
  });
}

/** Invitations sent for the current site; pending ones past their expiry come back expired. */
export function useSentInvitations(enabled = true) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: queryKeys.records(siteId, INVITATIONS),
    queryFn: async ({ signal }) =>
      (await api.get<Items<Invitation>>(recordsPath(siteId, INVITATIONS), { signal })).items,
    enabled: Boolean(siteId) && enabled,
    staleTime: 15_000,
  });
}

/**
 * Every write here may change both lists (an invitation for a member, a member for an invite).
 * `sites`: the caller's own role may have changed, so the site list (and the session's role,
 * which app/root-gate.tsx keeps true to it) reloads as well.
 */
function useTeamMutation<TInput, TOut>(
  run: (siteId: string, input: TInput) => Promise<TOut>,
  { sites = false }: { sites?: boolean } = {},
) {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => run(siteId, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.records(siteId, MEMBERS) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.records(siteId, INVITATIONS) }),
        sites
          ? queryClient.invalidateQueries({ queryKey: queryKeys.sites, exact: true })
          : undefined,
      ]),
  });
}

export const useInviteUser = () =>
  useTeamMutation((siteId, body: InvitationCreate) =>
    api.post<Invitation>(recordsPath(siteId, INVITATIONS), body),
  );

export const useCancelInvitation = () =>
  useTeamMutation((siteId, id: string) => api.delete<void>(recordsPath(siteId, INVITATIONS, id)));

export const useAddMember = () =>
  useTeamMutation((siteId, body: MemberAdd) => api.post<void>(recordsPath(siteId, MEMBERS), body));

export const useChangeRole = () =>
  useTeamMutation(
    (siteId, { userId, role }: { userId: string } & MemberRoleChange) =>
      api.patch<void>(recordsPath(siteId, MEMBERS, userId), { role }),
    { sites: true },
  );

export const useRemoveMember = () =>
  useTeamMutation((siteId, userId: string) =>
    api.delete<void>(recordsPath(siteId, MEMBERS, userId)),
  );
