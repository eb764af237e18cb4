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

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) =>
      api.post<CookieAuthResult>('/api/auth/login', input, { anonymous: true }),
  });
}

/** The second step of a sign-in with two-step on: the login's challenge and a code. */
export interface TwoStepLoginInput {
  challenge: string;
  code?: string | undefined;
  recovery_code?: string | undefined;
}

export function useTwoStepLogin() {
  return useMutation({
    mutationFn: (input: TwoStepLoginInput) =>
      api.post<CookieAuthResult>('/api/auth/login/two-step', input, { anonymous: true }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      api.post<CookieAuthResult>('/api/auth/register', input, { anonymous: true }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<void>('/api/auth/password-reset', { email }, { anonymous: true }),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: ResetConfirmInput) =>
      api.post<void>('/api/auth/password-reset/confirm', input, { anonymous: true }),
  });
}

export function useConfirmVerification() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<void>('/api/auth/verification/confirm', { token }, { anonymous: true }),
  });
}

export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api.post<void>('/api/auth/email-change/confirm', input, { anonymous: true }),
  });
}
