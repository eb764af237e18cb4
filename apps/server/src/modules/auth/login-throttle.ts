/**
 * Slows password guessing per email address (known or not, so it tells nothing about which
 * accounts exist), whatever client addresses the guesses come from; the per-address route rate
 * limit (AUTH_RATE_LIMIT) is a separate, earlier fence.
 *
 * Failures form a series that ends with a successful sign-in or when SERIES_GAP_S passes without a
 * failure. Within a series, after FREE_FAILURES failures each further failure locks sign-in for
 * twice as long as the last, up to MAX_LOCK_S; the ACCOUNT_FAILURE_LIMIT-th failure locks it for
 * ACCOUNT_LOCK_S. Waiting out a lock does not end a series (a guess every few hours keeps it going),
 * and the long lock outlasts the gap, so an address meets at most ACCOUNT_FAILURE_LIMIT failures
 * in any SERIES_GAP_S unless its owner signs in between.
 *
 * When a series first locks an address that belongs to an account, the owner is mailed once.
 * Kept in the database so that it holds across server instances.
 */
import { nowIso } from '../../db/ids.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import * as throttleRepo from './login-throttle-repo.js';
import { findUserByEmail } from './auth-repo.js';

export const FREE_FAILURES = 5;
export const MAX_LOCK_S = 15 * 60;
/** A series of failures ends when this long passes without another one. */
export const SERIES_GAP_S = 24 * 60 * 60;
/** The failure of a series that earns the long lock… */
export const ACCOUNT_FAILURE_LIMIT = 20;
/** …which lasts this long (past the series gap, so the next failure starts a new series). */
export const ACCOUNT_LOCK_S = 24 * 60 * 60;

const key = (email: string) => email.trim().toLowerCase();

/** Refuses with LOGIN_THROTTLED while the address is locked. */
export async function assertNotThrottled(ctx: AppContext, email: string): Promise<void> {
  const lockedUntil = await throttleRepo.findLockedUntil(ctx.db.kysely, key(email));
  const until = lockedUntil ? Date.parse(lockedUntil) : 0;
  const wait = Math.ceil((until - Date.now()) / 1000);
  if (wait > 120) {
    const minutes = Math.ceil(wait / 60);
    throw new AppError('LOGIN_THROTTLED', { retry_after: wait, variant: 'minutes', minutes });
  }
  if (wait > 0) throw new AppError('LOGIN_THROTTLED', { retry_after: wait });
}

function lockSeconds(failures: number): number {
  if (failures >= ACCOUNT_FAILURE_LIMIT) return ACCOUNT_LOCK_S;
  return Math.min(MAX_LOCK_S, 2 ** (failures - FREE_FAILURES));
}

/**
 * Counts a failed sign-in of `email` from client address `ip`. Known and unknown addresses take
 * the same steps and the same queries; only the mail differs, and it is sent after the answer.
 */
export async function recordFailure(ctx: AppContext, email: string, ip: string): Promise<void> {
  const address = key(email);
  const at = new Date();
  const seriesEndsBefore = new Date(at.getTime() - SERIES_GAP_S * 1000).toISOString();
  const series = await throttleRepo.addFailure(
    ctx.db.kysely,
    address,
    at.toISOString(),
    seriesEndsBefore,
  );
  if (series.failures < FREE_FAILURES) return;
  const until = new Date(at.getTime() + lockSeconds(series.failures) * 1000);
  await throttleRepo.extendLock(ctx.db.kysely, address, until.toISOString());
  if (series.notified_at !== null) return;
  if (!(await throttleRepo.claimNotice(ctx.db.kysely, address, nowIso()))) return;
  const user = await findUserByEmail(ctx.db.kysely, address);
  if (!user) return;
  // Not awaited: the answer must come as fast as for an unknown address, and a mail that
  // fails must not fail it.
  void ctx.mailer
    .send(lockMail(ctx, { to: user.email, name: user.name, at, ip }))
    .catch((error: unknown) => ctx.logger.warn({ err: error }, 'sign-in lock mail failed'));
}

export async function clearFailures(ctx: AppContext, email: string): Promise<void> {
  await throttleRepo.deleteThrottle(ctx.db.kysely, key(email));
}

function lockMail(
  ctx: AppContext,
  notice: { to: string; name: string; at: Date; ip: string },
): { to: string; subject: string; text: string; link: string } {
  const link = `${ctx.config.publicUrl}/forgot-password`;
  const when = new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: ctx.config.timezone,
  }).format(notice.at);
  const text = [
    `Hello ${notice.name},`,
    '',
    `SiteLedger refused sign-ins to your account (${notice.to}) after several wrong passwords ` +
      `(or sign-in codes) were tried, on ${when} (${ctx.config.timezone} time). The last attempt came from the ` +
      `internet address ${notice.ip}.`,
    '',
    'Sign-in stays paused for a while; each further wrong password pauses it for longer, up to ' +
      `${ACCOUNT_LOCK_S / 3600} hours.`,
    '',
    "If this was you, wait a little and try again. If it wasn't you, someone may be guessing " +
      'your password: change it now by opening this link:',
    '',
    link,
    '',
    'We send this mail once for each series of failed sign-ins.',
    '',
  ].join('\n');
  return {
    to: notice.to,
    subject: 'Sign-ins to your SiteLedger account were refused',
    text,
    link,
  };
}
