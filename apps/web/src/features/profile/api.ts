import type { User } from '@siteledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

export interface ProfileInput {
  name: string;
  phone: string;
  /** A new photo; left out keeps the current one. */
  avatar?: File | null;
}

/** PATCH /api/me (multipart when a photo goes with it); the session's user follows the answer. */
export function useUpdateProfile() {
  const { setUser } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, phone, avatar }: ProfileInput) => {
      if (!avatar) return api.patch<User>('/api/me', { name, phone });
      const body = new FormData();
      body.set('name', name);
      body.set('phone', phone);
      body.set('avatar', avatar, avatar.name);
      return api.patch<User>('/api/me', body);
    },
    onSuccess: (user) => {
      setUser(user);
      // Member lists show the name too.
      void queryClient.invalidateQueries({ queryKey: ['sites'] });
    },
  });
}

export interface PasswordInput {
  currentPassword: string;
  password: string;
  passwordConfirm: string;
}

/** POST /api/me/password: 204; the other sessions end, this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordInput) => api.post<void>('/api/me/password', input),
  });
}

/** POST /api/auth/email-change: mails a confirmation link to the new address. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (newEmail: string) => api.post<void>('/api/auth/email-change', { newEmail }),
  });
}

/** POST /api/auth/verification: mails a new verification link to the unverified address. */
export { useSendVerificationMail as useRequestVerification } from '../../data/me';
