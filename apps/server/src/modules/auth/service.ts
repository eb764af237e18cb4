import { hash, verify } from '@node-rs/argon2';
import {
  PASSWORD_MIN_LENGTH,
  type AuthResult,
  type Login,
  type PasswordChange,
  type ProfileUpdate,
  type Register,
  type User,
} from '@siteledger/domain';
import { isUniqueViolation } from '../../db/db-errors.js';
import { newId, nowIso } from '../../db/ids.js';
import type { AuthTokenKind } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashSecret, newSecret } from '../../platform/tokens.js';
import { assertNotThrottled, clearFailures, recordFailure } from './login-throttle.js';
import * as repo from './repo.js';

const SESSION_DAYS = 30;
const LINK_HOURS: Record<AuthTokenKind, number> = {
  password_reset: 1,
  verification: 48,
  email_change: 24,
};

// A fixed hash verified when the email is unknown, so a login takes as long either way.
let dummyHash: Promise<string> | null = null;

export function toUser(row: repo.UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    avatar: row.avatar ? `/api/avatars/${row.avatar}` : null,
    verified: row.verified === 1,
    created: row.created,
  };
}

function checkNewPassword(password: string, confirm: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw new AppError('PASSWORD_TOO_SHORT');
  if (password !== confirm) throw new AppError('PASSWORDS_DO_NOT_MATCH');
}

function addHours(hours: number): string {
  return new Date(Date.now() + hours * 3_600_000).toISOString();
}

async function startSession(ctx: AppContext, userId: string, userAgent: string | null) {
  const token = newSecret();
  await repo.insertSession(ctx.db.kysely, {
    id: newId(),
    user_id: userId,
    token_hash: hashSecret(token),
    created: nowIso(),
    expires_at: addHours(SESSION_DAYS * 24),
    user_agent: userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

async function mailLink(
  ctx: AppContext,
  userId: string,
  to: string,
  kind: AuthTokenKind,
  newEmail: string | null = null,
) {
  const secret = newSecret();
  const now = nowIso();
  await repo.invalidateAuthTokens(ctx.db.kysely, userId, kind, now);
  await repo.insertAuthToken(ctx.db.kysely, {
    id: newId(),
    user_id: userId,
    kind,
    token_hash: hashSecret(secret),
    new_email: newEmail,
    expires_at: addHours(LINK_HOURS[kind]),
    used_at: null,
    created: now,
  });
  const base = ctx.config.publicUrl;
  const mails: Record<AuthTokenKind, { subject: string; path: string; text: string }> = {
    password_reset: {
      subject: 'Reset your SiteLedger password',
      path: '/reset-password',
      text: 'Someone asked to reset the password of your SiteLedger account. If it was you, open this link within one hour:',
    },
    verification: {
      subject: 'Verify your SiteLedger email',
      path: '/verify',
      text: 'Please confirm your email address for SiteLedger by opening this link:',
    },
    email_change: {
      subject: 'Confirm your new SiteLedger email',
      path: '/confirm-email-change',
      text: 'Confirm that this address should become the email of your SiteLedger account by opening this link:',
    },
  };
  const mail = mails[kind];
  const link = `${base}${mail.path}?token=${encodeURIComponent(secret)}`;
  await ctx.mailer.send({ to, subject: mail.subject, text: `${mail.text}\n\n${link}\n`, link });
}

export async function register(
  ctx: AppContext,
  input: Register,
  ip: string,
  userAgent: string | null,
): Promise<AuthResult> {
  checkNewPassword(input.password, input.passwordConfirm);
  await ctx.botCheck.verify(input.botToken, ip);
  const existing = await repo.findUserByEmail(ctx.db.kysely, input.email);
  if (existing) throw new AppError('EMAIL_TAKEN');
  const now = nowIso();
  const row: repo.UserRow = {
    id: newId(),
    email: input.email,
    name: input.name,
    phone: input.phone || null,
    avatar: null,
    password_hash: await hash(input.password),
    verified: 0,
    coupon_code: input.couponCode || null,
    legal_accepted: 1,
    legal_accepted_at: now,
    created: now,
    updated: now,
  };
  try {
    await repo.insertUser(ctx.db.kysely, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
  const token = await startSession(ctx, row.id, userAgent);
  // A failed verification mail must not fail the registration; it can be sent again.
  await mailLink(ctx, row.id, row.email, 'verification').catch((error: unknown) =>
    ctx.logger.warn({ err: error }, 'verification mail failed'),
  );
  return { token, user: toUser(row) };
}

export async function login(
  ctx: AppContext,
  input: Login,
  ip: string,
  userAgent: string | null,
): Promise<AuthResult> {
  await ctx.botCheck.verify(input.botToken, ip);
  await assertNotThrottled(ctx, input.email);
  const user = await repo.findUserByEmail(ctx.db.kysely, input.email);
  if (!user) {
    dummyHash ??= hash('not-a-real-password');
    await verify(await dummyHash, input.password).catch(() => false);
    await recordFailure(ctx, input.email);
    throw new AppError('INVALID_CREDENTIALS');
  }
  const ok = await verify(user.password_hash, input.password).catch(() => false);
  if (!ok) {
    await recordFailure(ctx, input.email);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await clearFailures(ctx, input.email);
  return { token: await startSession(ctx, user.id, userAgent), user: toUser(user) };
}

/** The user and session behind a bearer token, or null. */
export async function authenticate(ctx: AppContext, token: string) {
  const row = await repo.findLiveSession(ctx.db.kysely, hashSecret(token), nowIso());
  if (!row) return null;
  const { session_id: sessionId, expires_at: _expires, ...user } = row;
  return { sessionId, user: user as repo.UserRow };
}

/** Rotation: a new token replaces the old one, which stops working at once. */
export async function refresh(
  ctx: AppContext,
  sessionId: string,
  userId: string,
  userAgent: string | null,
): Promise<AuthResult> {
  const removed = await repo.deleteSession(ctx.db.kysely, sessionId);
  if (removed === 0) throw new AppError('UNAUTHENTICATED');
  const user = await repo.findUserById(ctx.db.kysely, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return { token: await startSession(ctx, userId, userAgent), user: toUser(user) };
}

export async function logout(ctx: AppContext, sessionId: string): Promise<void> {
  await repo.deleteSession(ctx.db.kysely, sessionId);
}

export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db.kysely, email);
  // Same answer whether or not the address exists, so accounts cannot be discovered.
  if (!user) return;
  await mailLink(ctx, user.id, user.email, 'password_reset');
}

async function takeToken(
  ctx: AppContext,
  kind: AuthTokenKind,
  secret: string,
  invalid: 'RESET_LINK_INVALID' | 'TOKEN_INVALID',
  expired: 'RESET_LINK_EXPIRED' | 'TOKEN_INVALID',
) {
  const token = await repo.findAuthToken(ctx.db.kysely, kind, hashSecret(secret));
  if (!token || token.used_at) throw new AppError(invalid);
  if (token.expires_at <= nowIso()) throw new AppError(expired);
  return token;
}

export async function confirmPasswordReset(
  ctx: AppContext,
  input: { token: string; password: string; passwordConfirm: string },
): Promise<void> {
  const token = await takeToken(
    ctx,
    'password_reset',
    input.token,
    'RESET_LINK_INVALID',
    'RESET_LINK_EXPIRED',
  );
  checkNewPassword(input.password, input.passwordConfirm);
  const passwordHash = await hash(input.password);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if ((await repo.consumeAuthToken(trx, token.id, nowIso())) === 0) {
      throw new AppError('RESET_LINK_INVALID');
    }
    await repo.updateUser(trx, token.user_id, { password_hash: passwordHash, updated: nowIso() });
    // A reset means the old password may be known to someone else: end every session.
    await repo.deleteOtherSessions(trx, token.user_id, null);
  });
}

export async function requestVerification(ctx: AppContext, email: string): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db.kysely, email);
  if (!user || user.verified === 1) return;
  await mailLink(ctx, user.id, user.email, 'verification');
}

export async function confirmVerification(ctx: AppContext, secret: string): Promise<void> {
  const token = await takeToken(ctx, 'verification', secret, 'TOKEN_INVALID', 'TOKEN_INVALID');
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if ((await repo.consumeAuthToken(trx, token.id, nowIso())) === 0)
      throw new AppError('TOKEN_INVALID');
    await repo.updateUser(trx, token.user_id, { verified: 1, updated: nowIso() });
  });
}

export async function requestEmailChange(
  ctx: AppContext,
  userId: string,
  newEmail: string,
): Promise<void> {
  const taken = await repo.findUserByEmail(ctx.db.kysely, newEmail);
  if (taken) throw new AppError('EMAIL_TAKEN');
  await mailLink(ctx, userId, newEmail, 'email_change', newEmail);
}

export async function confirmEmailChange(
  ctx: AppContext,
  input: { token: string; password: string },
): Promise<void> {
  const token = await takeToken(ctx, 'email_change', input.token, 'TOKEN_INVALID', 'TOKEN_INVALID');
  const user = await repo.findUserById(ctx.db.kysely, token.user_id);
  if (!user || !token.new_email) throw new AppError('TOKEN_INVALID');
  const ok = await verify(user.password_hash, input.password).catch(() => false);
  if (!ok) throw new AppError('INVALID_CREDENTIALS');
  const newEmail = token.new_email;
  try {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      if ((await repo.consumeAuthToken(trx, token.id, nowIso())) === 0)
        throw new AppError('TOKEN_INVALID');
      // The link proved the new address is reachable, so it counts as verified.
      await repo.updateUser(trx, user.id, { email: newEmail, verified: 1, updated: nowIso() });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}

export async function getMe(ctx: AppContext, userId: string): Promise<User> {
  const user = await repo.findUserById(ctx.db.kysely, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return toUser(user);
}

export async function updateMe(
  ctx: AppContext,
  userId: string,
  input: ProfileUpdate & { avatar?: string },
): Promise<User> {
  const changes: Partial<repo.UserRow> = { updated: nowIso() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone || null;
  if (input.avatar !== undefined) changes.avatar = input.avatar;
  await repo.updateUser(ctx.db.kysely, userId, changes);
  return getMe(ctx, userId);
}

export async function changePassword(
  ctx: AppContext,
  userId: string,
  sessionId: string,
  input: PasswordChange,
): Promise<void> {
  if (!input.currentPassword) throw new AppError('CURRENT_PASSWORD_REQUIRED');
  checkNewPassword(input.password, input.passwordConfirm);
  const user = await repo.findUserById(ctx.db.kysely, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const ok = await verify(user.password_hash, input.currentPassword).catch(() => false);
  if (!ok) throw new AppError('INVALID_CURRENT_PASSWORD');
  const passwordHash = await hash(input.password);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await repo.updateUser(trx, userId, { password_hash: passwordHash, updated: nowIso() });
    await repo.deleteOtherSessions(trx, userId, sessionId);
  });
}
