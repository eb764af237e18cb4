import type { User } from '@siteledger/domain';
import { useCallback } from 'react';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/** An invitation refused with EMAIL_NOT_VERIFIED can be accepted once the mailed link is opened. */
export { useSendVerificationMail } from '../../data/me';

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
