/**
 * Sessions (issue 19). A session is one sign-in on one device — the "family" of the tokens it
 * rotates through. Its token stops working `sessionIdleDays` after it was issued unless
 * refreshed (the idle timeout), and the session ends `sessionMaxDays` after sign-in however it
 * is refreshed (the absolute lifetime). Refresh retires the old token at once (API.md); a retired
 * token that comes back is a replay of a stolen token and ends the whole session. Only the web
 * app's cookie sessions get a short grace: a tab's call already on its way with the old cookie
 * when another tab refreshed must not sign everyone out.
 */
import type { SessionInfo, SessionTimes } from '@siteledger/domain';
import type { Executor } from '../../db/executor.js';
import { newId, nowIso } from '../../db/ids.js';
import type { SessionKind, UsersTable } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashSecret, newSecret } from '../../platform/tokens.js';
import { describeDevice } from './device-name.js';
import * as repo from './sessions-repo.js';

/**
 * A cookie session's calls already on their way with the old cookie when a refresh lands (another
 * tab, a queued write) still count for this long; a second refresh with it is told so (409).
 */
export const ROTATION_GRACE_MS = 30_000;
/** "Last used" is written at most this often, not on every call. */
const TOUCH_EVERY_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

export interface SessionState {
  user: UsersTable;
  sessionId: string;
  kind: SessionKind;
  csrfHash: string | null;
}

export interface IssuedSession {
  token: string;
  /** The CSRF token of a cookie session (null for a bearer one). */
  csrf: string | null;
  times: SessionTimes;
}

export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

function tokenExpiry(ctx: AppContext, issuedMs: number, absoluteEnd: string): string {
  const idleEnd = new Date(issuedMs + ctx.config.sessionIdleDays * DAY_MS).toISOString();
  return idleEnd < absoluteEnd ? idleEnd : absoluteEnd;
}

function timesOf(row: {
  id: string;
  expires_at: string;
  absolute_expires_at: string | null;
  token_issued_at: string | null;
  created: string;
}): SessionTimes {
  return {
    id: row.id,
    expires_at: row.expires_at,
    absolute_expires_at: row.absolute_expires_at ?? row.expires_at,
    token_issued_at: row.token_issued_at ?? row.created,
  };
}

/** A new session for a person who just proved who they are (password, and code if asked). */
export async function startSession(
  ctx: AppContext,
  db: Executor,
  userId: string,
  kind: SessionKind,
  client: ClientInfo,
): Promise<IssuedSession> {
  const token = newSecret();
  const csrf = kind === 'cookie' ? newSecret() : null;
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const absolute = new Date(nowMs + ctx.config.sessionMaxDays * DAY_MS).toISOString();
  const row: repo.SessionRow = {
    id: newId(),
    user_id: userId,
    token_hash: hashSecret(token),
    created: now,
    expires_at: tokenExpiry(ctx, nowMs, absolute),
    user_agent: client.userAgent?.slice(0, 300) ?? null,
    last_used_at: now,
    absolute_expires_at: absolute,
    token_issued_at: now,
    ip: client.ip,
    kind,
    csrf_hash: csrf ? hashSecret(csrf) : null,
  };
  await repo.insertSession(db, row);
  return { token, csrf, times: timesOf(row) };
}

function toState(row: NonNullable<Awaited<ReturnType<typeof repo.findLiveSession>>>): SessionState {
  const {
    session_id: sessionId,
    session_kind: kind,
    session_csrf_hash: csrfHash,
    session_last_used_at: _lastUsed,
    session_expires_at: _expires,
    ...user
  } = row;
  return { sessionId, kind, csrfHash, user: user as UsersTable };
}

/** The session behind a token, or null (unknown, expired, ended, or a replayed old token). */
export async function authenticate(
  ctx: AppContext,
  token: string,
  ip: string | null,
): Promise<SessionState | null> {
  const db = ctx.db.kysely;
  const tokenHash = hashSecret(token);
  const now = nowIso();
  // Kept until sign-in state changes (platform/auth-memo.ts), never past the token's expiry.
  const row = await ctx.authMemo.get(
    `session\n${tokenHash}`,
    () => repo.findLiveSession(db, tokenHash, now),
    (found) => Date.parse(found.session_expires_at),
  );
  if (row) {
    const last = row.session_last_used_at ? Date.parse(row.session_last_used_at) : 0;
    if (Date.now() - last > TOUCH_EVERY_MS) {
      await repo.touchSession(db, row.session_id, now, ip);
      // The kept row too, or every call until it is read again would write "last used".
      row.session_last_used_at = now;
    }
    return toState(row);
  }
  const retired = await repo.findRetiredToken(db, tokenHash);
  if (!retired) return null;
  const current = await repo.findLiveSessionById(db, retired.session_id, now);
  if (current && inGrace(current.session_kind, retired.retired_at)) return toState(current);
  await endReplayedSession(ctx, retired.session_id);
  return null;
}

function inGrace(kind: SessionKind, retiredAt: string): boolean {
  return kind === 'cookie' && Date.now() - Date.parse(retiredAt) <= ROTATION_GRACE_MS;
}

/** Someone holds a token this session rotated away from: end the session for everyone. */
async function endReplayedSession(ctx: AppContext, sessionId: string): Promise<void> {
  await repo.deleteSession(ctx.db.kysely, sessionId);
  ctx.authMemo.changed();
  ctx.sessionStreams.endSessions([sessionId]);
  ctx.logger.warn({ session: sessionId }, 'replayed session token: session ended');
}

/**
 * A new token for the session; the one presented stops working (after the grace period). A bearer
 * session may become a cookie one here (the web app moving a stored token out of script reach).
 */
export async function refresh(
  ctx: AppContext,
  token: string,
  kind: SessionKind,
  client: ClientInfo,
): Promise<IssuedSession> {
  const db = ctx.db.kysely;
  const oldHash = hashSecret(token);
  const now = nowIso();
  const live = await repo.findLiveSession(db, oldHash, now);
  if (!live) {
    // Reached through the grace of a cookie session that another tab has just refreshed.
    const retired = await repo.findRetiredToken(db, oldHash);
    const current = retired && (await repo.findSession(db, retired.session_id));
    if (retired && current && inGrace(current.kind, retired.retired_at)) {
      throw new AppError('SESSION_ALREADY_REFRESHED');
    }
    throw new AppError('UNAUTHENTICATED');
  }
  const session = await repo.findSession(db, live.session_id);
  if (!session) throw new AppError('UNAUTHENTICATED');
  const next = newSecret();
  const nowMs = Date.parse(now);
  const absolute = session.absolute_expires_at ?? session.expires_at;
  // A cookie session keeps its CSRF token (other tabs hold it); a new cookie session gets one.
  const csrf = kind === 'cookie' && session.kind !== 'cookie' ? newSecret() : null;
  const change = {
    token_hash: hashSecret(next),
    token_issued_at: now,
    expires_at: tokenExpiry(ctx, nowMs, absolute),
    last_used_at: now,
    ip: client.ip,
    user_agent: client.userAgent?.slice(0, 300) ?? session.user_agent,
    ...(kind === 'cookie' ? { kind } : {}),
    ...(csrf ? { csrf_hash: hashSecret(csrf) } : {}),
  };
  const won = await db
    .transaction()
    .execute((trx) => repo.rotateToken(trx, session.id, oldHash, change));
  if (won === 0) throw new AppError('SESSION_ALREADY_REFRESHED');
  return {
    token: next,
    csrf,
    times: timesOf({ ...session, ...change }),
  };
}

export async function endSession(ctx: AppContext, sessionId: string): Promise<void> {
  await repo.deleteSession(ctx.db.kysely, sessionId);
  ctx.sessionStreams.endSessions([sessionId]);
}

/** Ends one of the user's own sessions ("Sign out" on a lost phone). */
export async function endOwnSession(
  ctx: AppContext,
  userId: string,
  sessionId: string,
): Promise<void> {
  const ended = await repo.deleteSessionOfUser(ctx.db.kysely, userId, sessionId);
  if (ended === 0) throw new AppError('SESSION_NOT_FOUND');
  ctx.sessionStreams.endSessions([sessionId]);
}

/** Ends every session of the user but `keepSessionId` (all when null); how many ended. */
export async function endOtherSessions(
  ctx: AppContext,
  db: Executor,
  userId: string,
  keepSessionId: string | null,
): Promise<number> {
  const ended = await repo.deleteOtherSessions(db, userId, keepSessionId);
  ctx.sessionStreams.endSessions(ended);
  return ended.length;
}

export async function listSessions(
  ctx: AppContext,
  userId: string,
  currentSessionId: string,
): Promise<SessionInfo[]> {
  const rows = await repo.liveSessionsOfUser(ctx.db.kysely, userId, nowIso());
  const items = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    device: describeDevice(row.user_agent),
    user_agent: row.user_agent,
    ip: row.ip,
    created: row.created,
    last_used_at: row.last_used_at ?? row.created,
    expires_at: row.expires_at,
    current: row.id === currentSessionId,
  }));
  // This device first, then the most recently used.
  return items.sort(
    (a, b) => Number(b.current) - Number(a.current) || b.last_used_at.localeCompare(a.last_used_at),
  );
}

/** Housekeeping: ended sessions' rows go, and retired tokens older than any session can live. */
export async function purgeExpiredSessions(ctx: AppContext): Promise<void> {
  const retiredBefore = new Date(Date.now() - ctx.config.sessionMaxDays * DAY_MS).toISOString();
  await repo.deleteExpired(ctx.db.kysely, nowIso(), retiredBefore);
}
