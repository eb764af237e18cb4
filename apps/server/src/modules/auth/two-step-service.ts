/**
 * Two-step sign-in (issue 19): after the password, a code from an authenticator app (TOTP,
 * RFC 6238 through otplib) or one of ten one-time recovery codes. Codes of the step before and
 * after the current one count (a phone clock a little off); a code once accepted is never
 * accepted again (the step of the last one is kept). A login whose password was right answers
 * with a challenge (two-step-challenge.ts) that POST /api/auth/login/two-step exchanges, with a
 * code, for a session.
 */
import { randomInt } from 'node:crypto';
import { verify as verifyPassword } from '@node-rs/argon2';
import {
  RECOVERY_CODE_COUNT,
  TWO_STEP_CODE_DIGITS,
  type RecoveryCodes,
  type TwoStepDisable,
  type TwoStepLogin,
  type TwoStepSetup,
  type TwoStepStatus,
} from '@siteledger/domain';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import type { Executor } from '../../db/executor.js';
import { newId, nowIso } from '../../db/ids.js';
import type { RecoveryCodesTable, SessionKind, UsersTable } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashSecret } from '../../platform/tokens.js';
import { assertNotThrottled, clearFailures, recordFailure } from './login-throttle.js';
import * as authRepo from './auth-repo.js';
import type { SignedIn } from './auth-service.js';
import { toUser } from './auth-service.js';
import { endOtherSessions, startSession, type ClientInfo } from './sessions-service.js';
import * as repo from './two-step-repo.js';

const ISSUER = 'SiteLedger';
const PERIOD_S = 30;
/** Recovery codes: 10 characters without look-alikes (0/o, 1/l/i), shown as xxxxx-xxxxx. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_PATTERN = new RegExp(`^\\d{${TWO_STEP_CODE_DIGITS}}$`);

async function userOf(ctx: AppContext, userId: string): Promise<UsersTable> {
  const user = await authRepo.findUserById(ctx.db.kysely, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/** The time step a code from the app matched (±1 step), or null. */
async function matchingStep(secret: string, code: string): Promise<number | null> {
  const token = code.replace(/\s+/g, '');
  if (!CODE_PATTERN.test(token)) return null;
  const result = await verifyTotp({ secret, token, epochTolerance: PERIOD_S });
  // A TOTP result carries the step it matched (the HOTP shape of the union does not).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

function newRecoveryCodes(userId: string): { codes: string[]; rows: RecoveryCodesTable[] } {
  const now = nowIso();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  const rows = codes.map((code) => ({
    id: newId(),
    user_id: userId,
    code_hash: hashSecret(normalizeRecoveryCode(code)),
    used_at: null,
    created: now,
  }));
  return { codes, rows };
}

/**
 * Accepts a code from the app (once: its step is recorded) or an unused recovery code (used up
 * here). `code` takes either; `recovery_code` only a recovery code.
 */
async function acceptSecondFactor(
  db: Executor,
  user: UsersTable,
  input: { code?: string | undefined; recovery_code?: string | undefined },
): Promise<boolean> {
  if (!user.totp_secret) return false;
  const code = input.code?.trim();
  if (code && CODE_PATTERN.test(code.replace(/\s+/g, ''))) {
    const step = await matchingStep(user.totp_secret, code);
    return step !== null && (await repo.advanceLastStep(db, user.id, step)) === 1;
  }
  const recovery = input.recovery_code ?? code;
  if (!recovery) return false;
  const hash = hashSecret(normalizeRecoveryCode(recovery));
  return (await repo.useRecoveryCode(db, user.id, hash, nowIso())) === 1;
}

async function assertPassword(user: UsersTable, password: string): Promise<void> {
  const ok = await verifyPassword(user.password_hash, password).catch(() => false);
  if (!ok) throw new AppError('INVALID_CURRENT_PASSWORD');
}

export async function status(ctx: AppContext, userId: string): Promise<TwoStepStatus> {
  const user = await userOf(ctx, userId);
  const enabled = user.totp_secret !== null;
  return {
    enabled,
    enabled_at: enabled ? user.totp_enabled_at : null,
    recovery_codes_left: enabled ? await repo.countUnusedRecoveryCodes(ctx.db.kysely, userId) : 0,
  };
}

/** A new secret to scan; it becomes the account's when a code from it is confirmed. */
export async function setup(ctx: AppContext, userId: string): Promise<TwoStepSetup> {
  const user = await userOf(ctx, userId);
  if (user.totp_secret) throw new AppError('TWO_STEP_ALREADY_ON');
  const secret = generateSecret();
  await repo.setPendingSecret(ctx.db.kysely, userId, secret, nowIso());
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
  // Made here, not in the browser: the web app ships no QR encoder (the CSP allows data: images).
  const svg = await QRCode.toString(otpauthUrl, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr_svg_data_url: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * The first code from the app switches two-step on; the recovery codes come back once. Every
 * other session of the person ends (they were opened with the password alone).
 */
export async function enable(
  ctx: AppContext,
  userId: string,
  sessionId: string,
  code: string,
): Promise<RecoveryCodes> {
  const user = await userOf(ctx, userId);
  if (user.totp_secret) throw new AppError('TWO_STEP_ALREADY_ON');
  const pending = user.totp_pending_secret;
  if (!pending) throw new AppError('TWO_STEP_SETUP_NEEDED');
  const step = await matchingStep(pending, code);
  if (step === null) throw new AppError('TWO_STEP_CODE_INVALID');
  const { codes, rows } = newRecoveryCodes(userId);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if ((await repo.enable(trx, userId, pending, step, nowIso())) === 0) {
      throw new AppError('TWO_STEP_SETUP_NEEDED');
    }
    await repo.replaceRecoveryCodes(trx, userId, rows);
    await endOtherSessions(ctx, trx, userId, sessionId);
  });
  return { recovery_codes: codes };
}

/** Off again, with the password and a code (or a recovery code), unless a site requires it. */
export async function disable(
  ctx: AppContext,
  userId: string,
  input: TwoStepDisable,
): Promise<void> {
  const user = await userOf(ctx, userId);
  if (!user.totp_secret) throw new AppError('TWO_STEP_NOT_ON');
  const site = await repo.findSiteRequiringTwoStep(ctx.db.kysely, userId);
  if (site !== null) throw new AppError('TWO_STEP_SITE_REQUIRES', { site });
  await assertPassword(user, input.password);
  if (!(await acceptSecondFactor(ctx.db.kysely, user, input))) {
    throw new AppError('TWO_STEP_CODE_INVALID');
  }
  await repo.disable(ctx.db.kysely, userId, nowIso());
}

/** Ten new recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  userId: string,
  password: string,
): Promise<RecoveryCodes> {
  const user = await userOf(ctx, userId);
  if (!user.totp_secret) throw new AppError('TWO_STEP_NOT_ON');
  await assertPassword(user, password);
  const { codes, rows } = newRecoveryCodes(userId);
  await ctx.db.kysely.transaction().execute((trx) => repo.replaceRecoveryCodes(trx, userId, rows));
  return { recovery_codes: codes };
}

/**
 * The second step of a sign-in: the challenge and a code start a session. A wrong code counts
 * as a failed sign-in of the account's email (login-throttle.ts), as a wrong password does.
 */
export async function completeLogin(
  ctx: AppContext,
  input: TwoStepLogin,
  client: ClientInfo & { ip: string },
  kind: SessionKind,
): Promise<SignedIn> {
  const db = ctx.db.kysely;
  const token = await authRepo.findAuthToken(db, 'two_step', hashSecret(input.challenge));
  if (!token || token.used_at || token.expires_at <= nowIso()) {
    throw new AppError('TWO_STEP_CHALLENGE_EXPIRED');
  }
  const user = await authRepo.findUserById(db, token.user_id);
  if (!user?.totp_secret) throw new AppError('TWO_STEP_CHALLENGE_EXPIRED');
  await assertNotThrottled(ctx, user.email);
  if (!(await acceptSecondFactor(db, user, input))) {
    await recordFailure(ctx, user.email, client.ip);
    throw new AppError('TWO_STEP_CODE_INVALID');
  }
  const issued = await db.transaction().execute(async (trx) => {
    if ((await authRepo.consumeAuthToken(trx, token.id, nowIso())) === 0) {
      throw new AppError('TWO_STEP_CHALLENGE_EXPIRED');
    }
    return startSession(ctx, trx, user.id, kind, client);
  });
  await clearFailures(ctx, user.email);
  return { issued, user: toUser(user) };
}
