import type { Role } from '@siteledger/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';
import { useSession } from './session';

/**
 * Received invitations (GET /api/invitations) and the answers to them. One list everywhere:
 * the site selection screen, the user-menu badge and the Invites page share these cache entries.
 */
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

/** A pending invitation stops being one when its expiry passes (spec part 4). */
export function isOpenInvitation(invitation: ReceivedInvitation, now = Date.now()): boolean {
  return invitation.status === 'pending' && Date.parse(invitation.expires_at) > now;
}

export function useReceivedInvitations() {
  const { status } = useSession();
  return useQuery({
    queryKey: queryKeys.receivedInvitations,
    // An aborted load (the user navigated away) is dropped silently by TanStack Query.
    queryFn: async ({ signal }): Promise<ReceivedInvitation[]> => {
      const result = await api.get<{ items: ReceivedInvitation[] }>('/api/invitations', {
        signal,
      });
      return (result.items ?? []).filter((invitation) => isOpenInvitation(invitation));
    },
    enabled: status === 'signed-in',
    staleTime: 30_000,
    refetchInterval: 60_000,
    retry: 1,
  });
}

export type InvitationAnswer = 'accept' | 'decline';

export interface InvitationAnswerInput {
  id: string;
  action: InvitationAnswer;
  /** The one-time secret of the mailed link; lets an unverified account accept (issue 19). */
  token?: string | null;
}

/** Accept or decline; either way the received list and the user's sites reload. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, token }: InvitationAnswerInput) =>
      api.post<unknown>(
        `/api/invitations/${encodeURIComponent(id)}/${action}`,
        action === 'accept' && token ? { token } : undefined,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.receivedInvitations }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sites, exact: true }),
      ]),
  });
}
