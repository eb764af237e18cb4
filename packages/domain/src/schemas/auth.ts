import { z } from 'zod';
import { zLine } from '../text.js';
import { zEmail } from './common.js';

import { PASSWORD_MIN_LENGTH } from '../password.js';

export { PASSWORD_MIN_LENGTH };

export const zUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  verified: z.boolean(),
  /** Two-step sign-in is switched on (issue 19). */
  two_step: z.boolean(),
  created: z.string(),
});
export type User = z.infer<typeof zUser>;

/** When a session's token must be refreshed by, and when the session ends however it is used. */
export const zSessionTimes = z.object({
  id: z.string(),
  expires_at: z.string(),
  absolute_expires_at: z.string(),
  token_issued_at: z.string(),
});
export type SessionTimes = z.infer<typeof zSessionTimes>;

export const zAuthResult = z.object({ token: z.string(), user: zUser, session: zSessionTimes });
export type AuthResult = z.infer<typeof zAuthResult>;

/**
 * The answer when the web app asked for a cookie session (`X-Session: cookie`): the token is set
 * as an HttpOnly cookie and never put where a script can read it.
 */
export const zCookieAuthResult = z.object({ user: zUser, session: zSessionTimes });
export type CookieAuthResult = z.infer<typeof zCookieAuthResult>;

/** One place a person is signed in (Profile → "Where you're signed in"). */
export const zSessionInfo = z.object({
  id: z.string(),
  kind: z.enum(['bearer', 'cookie']),
  device: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof zSessionInfo>;

/**
 * Password length and confirmation are checked by the service so they answer with their own codes
 * (PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH) rather than a generic VALIDATION_FAILED.
 */
export const zRegister = z.object({
  name: zLine(100).min(1, 'Name is required'),
  email: zEmail,
  password: z.string().min(1, 'Password is required').max(200),
  passwordConfirm: z.string().max(200),
  phone: zLine(20).optional().nullable(),
  couponCode: zLine(50).optional().nullable(),
  legal_accepted: z.literal(true, { error: 'You must accept the terms' }),
  botToken: z.string().max(4096).optional().nullable(),
});
export type Register = z.infer<typeof zRegister>;

export const zLogin = z.object({
  email: zEmail,
  password: z.string().min(1, 'Password is required').max(200),
  botToken: z.string().max(4096).optional().nullable(),
});
export type Login = z.infer<typeof zLogin>;

export const zPasswordResetRequest = z.object({ email: zEmail });
export const zPasswordResetConfirm = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(200),
  passwordConfirm: z.string().max(200),
});
export const zVerificationRequest = z.object({ email: zEmail });
export const zTokenConfirm = z.object({ token: z.string().min(1).max(200) });
export const zEmailChangeRequest = z.object({ newEmail: zEmail });
export const zEmailChangeConfirm = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(1).max(200),
});

export const zProfileUpdate = z.object({
  name: zLine(100).min(1).optional(),
  phone: zLine(20).optional().nullable(),
});
export type ProfileUpdate = z.infer<typeof zProfileUpdate>;

export const zPasswordChange = z.object({
  currentPassword: z.string().max(200).optional(),
  password: z.string().max(200),
  passwordConfirm: z.string().max(200),
});
export type PasswordChange = z.infer<typeof zPasswordChange>;
