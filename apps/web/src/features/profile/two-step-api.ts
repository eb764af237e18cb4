import type { RecoveryCodes, TwoStepSetup, TwoStepStatus } from '@siteledger/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';

const STATUS_KEY = ['me', 'two-step'] as const;

/** GET /api/me/two-step: on or off, since when, recovery codes left. */
export function useTwoStepStatus() {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: ({ signal }) => api.get<TwoStepStatus>('/api/me/two-step', { signal }),
  });
}

/** The session's user and the status follow a switch on or off. */
function useTwoStepChanged() {
  const { user, setUser } = useSession();
  const queryClient = useQueryClient();
  return (on: boolean) => {
    if (user) setUser({ ...user, two_step: on });
    // The status, and the sessions list (switching on signs the other devices out).
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    // A site that requires two-step opens (or closes) with it: every site query asks again.
    void queryClient.invalidateQueries({ queryKey: queryKeys.sites });
  };
}

/** POST /api/me/two-step/setup: a new secret, its otpauth URL and a QR image (SVG data URL). */
export function useTwoStepSetup() {
  return useMutation({
    mutationFn: () => api.post<TwoStepSetup>('/api/me/two-step/setup'),
  });
}

/** POST /api/me/two-step/enable: the first code switches it on; the recovery codes come once. */
export function useEnableTwoStep() {
  const changed = useTwoStepChanged();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodes>('/api/me/two-step/enable', { code }),
    onSuccess: () => changed(true),
  });
}

/** POST /api/me/two-step/disable with the password and a code or a recovery code. */
export function useDisableTwoStep() {
  const changed = useTwoStepChanged();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      api.post<void>('/api/me/two-step/disable', input),
    onSuccess: () => changed(false),
  });
}

/** POST /api/me/two-step/recovery-codes: ten new codes; the old ones stop working. */
export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api.post<RecoveryCodes>('/api/me/two-step/recovery-codes', { password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}
