import type { SessionInfo } from '@siteledger/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const sessionsKey = ['me', 'sessions'] as const;

/** GET /api/me/sessions: where this person is signed in, this device first. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => api.get<{ items: SessionInfo[] }>('/api/me/sessions', { signal }),
    select: (answer) => answer.items,
  });
}

/** DELETE /api/me/sessions/{id}: signs that device out at once. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/me/sessions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** DELETE /api/me/sessions: every device but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ ended: number }>('/api/me/sessions'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
