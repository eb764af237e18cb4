import { hash, verify } from '@node-rs/argon2';
import {
  PASSWORD_MIN_LENGTH,
  type Login,
  type PasswordChange,
  type ProfileUpdate,
  type Register,
  type User,
} from '@siteledger/domain';
import { isUniqueViolation } from '../../db/db-errors.js';
import { newId, nowIso } from '../../db/ids.js';
import type { AuthTokenKind, SessionKind } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashSecret, newSecret } from '../../platform/tokens.js';
import { assertNotThrottled, clearFailures, recordFailure } from './login-throttle.js';
import * as repo from './auth-repo.js';
import { twoStepChallenge } from './two-step-challenge.js';
import {
  endOtherSessions,
  startSession,
  type ClientInfo,
  type IssuedSession,
} from './sessions-service.js';

type LinkKind = Exclude<AuthTokenKind, 'two_step'>;

const LINK_HOURS: Record<LinkKind, number> = {
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
    two_step: row.totp_secret !== null,
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

async function mailLink(
  ctx: AppContext,
  userId: string,
  to: string,
  kind: LinkKind,
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
  const mails: Record<LinkKind, { subject: string; path: string; text: string }> = {
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

/** A person signed in: the session to hand them and who they are. */
export interface SignedIn {
  issued: IssuedSession;
  user: User;
}

export async function register(
  ctx: AppContext,
  input: Register,
  client: ClientInfo & { ip: string },
  kind: SessionKind,
): Promise<SignedIn> {
  checkNewPassword(input.password, input.passwordConfirm);
  await ctx.botCheck.verify(input.botToken, client.ip);
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
    totp_secret: null,
    totp_pending_secret: null,
    totp_enabled_at: null,
    totp_last_step: null,
    // Notices in English until the person chooses (PATCH /api/me/notices, the web app does).
    language: null,
    created: now,
    updated: now,
  };
  try {
    await repo.insertUser(ctx.db.kysely, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
  const issued = await startSession(ctx, ctx.db.kysely, row.id, kind, client);
  // A failed verification mail must not fail the registration; it can be sent again.
  await mailLink(ctx, row.id, row.email, 'verification').catch((error: unknown) =>
    ctx.logger.warn({ err: error }, 'verification mail failed'),
  );
  return { issued, user: toUser(row) };
}

export async function login(
  ctx: AppContext,
  input: Login,
  client: ClientInfo & { ip: string },
  kind: SessionKind,
): Promise<SignedIn> {
  await ctx.botCheck.verify(input.botToken, client.ip);
  await assertNotThrottled(ctx, input.email);
  const user = await repo.findUserByEmail(ctx.db.kysely, input.email);
  if (!user) {
    dummyHash ??= hash('not-a-real-password');
    await verify(await dummyHash, input.password).catch(() => false);
    await recordFailure(ctx, input.email, client.ip);
    throw new AppError('INVALID_CREDENTIALS');
  }
  const ok = await verify(user.password_hash, input.password).catch(() => false);
  if (!ok) {
    await recordFailure(ctx, input.email, client.ip);
    throw new AppError('INVALID_CREDENTIALS');
  }
  // Two-step on: no session yet, a challenge to finish with a code (failures not cleared till then).
  if (user.totp_secret) throw await twoStepChallenge(ctx, user.id);
  await clearFailures(ctx, input.email);
  return {
    issued: await startSession(ctx, ctx.db.kysely, user.id, kind, client),
    user: toUser(user),
  };
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
    await endOtherSessions(ctx, trx, token.user_id, null);
  });
  // The link proved the mailbox: the owner may sign in at once, even mid-lock.
  const user = await repo.findUserById(ctx.db.kysely, token.user_id);
  if (user) await clearFailures(ctx, user.email);
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
    await endOtherSessions(ctx, trx, userId, sessionId);
  });
}
