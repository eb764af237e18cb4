import type { CookieAuthResult } from '@siteledger/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export interface LoginInput {
  email: string;
  password: string;
  botToken?: string | undefined;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  passwordConfirm: string;
  phone?: string | undefined;
  couponCode?: string | undefined;
  legal_accepted: true;
  botToken?: string | undefined;
}

export interface ResetConfirmInput {
  token: string;
  password: string;
  passwordConfirm: string;
}

/** The second step of a sign-in with two-step on: the login's challenge and a code. */
export interface TwoStepLoginInput {
  challenge: string;
  code?: string | undefined;
  recovery_code?: string | undefined;
}

/** POST to an auth endpoint without a session; `body` shapes the input into what it takes. */
function useAnonymousPost<TIn, TOut = void>(
  path: string,
  body: (input: TIn) => unknown = (input) => input,
) {
  return useMutation({
    mutationFn: (input: TIn) => api.post<TOut>(path, body(input), { anonymous: true }),
  });
}

export const useLogin = () => useAnonymousPost<LoginInput, CookieAuthResult>('/api/auth/login');

export const useTwoStepLogin = () =>
  useAnonymousPost<TwoStepLoginInput, CookieAuthResult>('/api/auth/login/two-step');

export const useRegister = () =>
  useAnonymousPost<RegisterInput, CookieAuthResult>('/api/auth/register');

export const useRequestPasswordReset = () =>
  useAnonymousPost('/api/auth/password-reset', (email: string) => ({ email }));

export const useConfirmPasswordReset = () =>
  useAnonymousPost<ResetConfirmInput>('/api/auth/password-reset/confirm');

export const useConfirmVerification = () =>
  useAnonymousPost('/api/auth/verification/confirm', (token: string) => ({ token }));

export const useConfirmEmailChange = () =>
  useAnonymousPost<{ token: string; password: string }>('/api/auth/email-change/confirm');
