/** The signed-in person's own account (API.md "Auth", "Me"): what more than one screen asks. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/**
 * POST /api/auth/verification: mails a verification link to the signed-in user's address (the
 * profile's "verify" and an invitation refused with EMAIL_NOT_VERIFIED both ask for it).
 */
export function useSendVerificationMail() {
  return useMutation({
    mutationFn: (email: string) => api.post<void>('/api/auth/verification', { email }),
  });
}
