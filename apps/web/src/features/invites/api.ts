import type { User } from '@siteledger/domain';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/**
 * POST /api/auth/verification: mails a verification link to the signed-in user's address, so an
 * invitation refused with EMAIL_NOT_VERIFIED can be accepted once the link is opened.
 */
export function useSendVerificationMail() {
  return useMutation({
    mutationFn: (email: string) => api.post<void>('/api/auth/verification', { email }),
  });
}

/** Accepting through the mailed link verified the address: the session's user learns it. */
export function useReloadUser() {
  const { setUser } = useSession();
  return useCallback(async () => {
    try {
      setUser(await api.get<User>('/api/me'));
    } catch {
      // Only the "verified" mark on Profile waits for the next start; nothing else depends on it.
    }
  }, [setUser]);
}
