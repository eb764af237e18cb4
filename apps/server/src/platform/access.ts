import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  actionVerb,
  isRole,
  permittedIn,
  roleSettingsOf,
  type Permission,
  type Role,
  type RoleSettings,
  type RuleArea,
} from '@siteledger/domain';
import type { UsersTable } from '../db/schema.js';
import type { AppContext } from './context.js';
import { AppError, ownerOnly, permissionDenied } from './errors.js';
import { setAuditActor } from './audit.js';
import { assertWritable, type SubscriptionWithPlan } from './plan-limits.js';
import { CSRF_HEADER, readCookie, SESSION_COOKIE } from './cookies.js';
import { hashSecret } from './tokens.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Who may call a route, declared on the route as `config: { access }` so that the authorization
 * matrix can be read off the route table. No declaration means "signed-in user".
 */
export type Access =
  | { auth: 'public' }
  | { auth: 'user' }
  | {
      auth: 'site';
      /** Permission of spec part 6 needed on the site; none → any active member. */
      permission?: Permission;
      /** Entity named in "Permission denied: Cannot {action} {entity}". */
      entity?: string;
      /** Owner-only calls: what the message says only owners can do ("add users"). */
      ownerOnly?: string;
      /**
       * Roles refused although their permission would allow: a budget's money is the owner's
       * and the accountant's, not the supervisor's (issue 45).
       */
      deniedTo?: readonly Role[];
      /**
       * The part of the site whose access the business's role settings change (issue 47): the
       * permission is then read through domain `permittedIn` (at the defaults, the same answer).
       */
      area?: RuleArea;
      /**
       * A write that stays allowed when the subscription is inactive (paying for it, deleting the
       * site); every other site write is then 403 SUBSCRIPTION_INACTIVE.
       */
      whileInactive?: true;
    };

export interface AuthState {
  user: UsersTable;
  sessionId: string;
  /** A web app session (HttpOnly cookie + CSRF token) or an API client's bearer token. */
  kind: 'bearer' | 'cookie';
  csrfHash: string | null;
  /** How this request carried the token, and the token itself (refresh rotates it). */
  via: 'bearer' | 'cookie';
  token: string;
}

export interface SiteAccess {
  siteId: string;
  role: Role;
  /** The business's role settings (issue 47), the defaults filled in. */
  roleSettings: RoleSettings;
  /** The site's subscription as the write check read it (writes only; none before its first). */
  subscription?: SubscriptionWithPlan;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthState | null;
    siteAccess: SiteAccess | null;
  }
}

/** The authenticated user; only call on routes whose access is not public. */
export function currentUser(request: FastifyRequest): AuthState {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}

export function currentSite(request: FastifyRequest): SiteAccess {
  if (!request.siteAccess) throw new AppError('NO_SITE_SELECTED');
  return request.siteAccess;
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * A cookie-carried session must send its CSRF token on every state-changing call: the cookie
 * goes with any request the browser makes, the header only with the app's own.
 */
function checkCsrf(request: FastifyRequest, csrfHash: string | null): void {
  if (READ_METHODS.has(request.method)) return;
  const header = request.headers[CSRF_HEADER];
  const sent = typeof header === 'string' ? header : null;
  if (!sent || !csrfHash || hashSecret(sent) !== csrfHash) throw new AppError('CSRF_FAILED');
}

/**
 * The caller's role on an active site, and whether the site requires two-step sign-in. Reads may
 * use the kept answer; a write reads the database (issue 37): another instance hears of a removal
 * or a demotion only a moment after it committed, and a write must not pass on the old role then.
 */
async function findActiveRole(
  ctx: AppContext,
  siteId: string,
  userId: string,
  write: boolean,
): Promise<{ role: string; require_two_step: number; role_settings: string | null } | undefined> {
  // The business's role settings come with the role: a PATCH of a business is a sign-in change
  // (changesSignIn below), so a kept answer never outlives it.
  const read = () =>
    ctx.db.kysely
      .selectFrom('site_users')
      .innerJoin('sites', 'sites.id', 'site_users.site_id')
      .leftJoin('businesses', 'businesses.id', 'sites.business_id')
      .select(['site_users.role', 'sites.require_two_step', 'businesses.role_settings'])
      .where('site_users.site_id', '=', siteId)
      .where('site_users.user_id', '=', userId)
      .where('site_users.is_active', '=', 1)
      .where('sites.is_active', '=', 1)
      .executeTakeFirst();
  return write ? read() : ctx.authMemo.get(`role\n${siteId}\n${userId}`, read);
}

/** A site's records (`/api/sites/:siteId/…`) and the batch of delivery lines never change who may do what. */
function changesSignIn(url: string | undefined): boolean {
  if (!url) return false;
  return !url.startsWith('/api/sites/:siteId/') && url !== '/api/batch';
}

export function registerAccessControl(
  app: FastifyInstance,
  ctx: AppContext,
  authenticate: (token: string, ip: string) => Promise<Omit<AuthState, 'via' | 'token'> | null>,
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('siteAccess', null);

  // Sign-in state may have changed with any write that is not a site's record (sign-in and out,
  // sessions, password, two-step, profile, sites, members, invitations): kept sessions and roles
  // are forgotten before the answer is sent, whatever the answer (platform/auth-memo.ts).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READ_METHODS.has(request.method) && changesSignIn(request.routeOptions.url)) {
      ctx.authMemo.changed();
    }
    return payload;
  });

  // Before validation: a stranger learns nothing about a route's body (401/403 come before
  // 400), and nothing is parsed for them. Path params are plain strings already.
  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url;
    if (!url) return; // unknown route: the not-found handler answers
    // Web app files and the API docs UI are public; every other API route says who may call it.
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const access: Access = request.routeOptions.config.access ?? { auth: 'user' };
    if (access.auth === 'public') return;

    // A bearer token wins (API clients); otherwise the web app's cookie, only for cookie sessions.
    const bearerToken = bearer(request);
    const via = bearerToken ? 'bearer' : 'cookie';
    const token = bearerToken ?? readCookie(request, SESSION_COOKIE);
    const found = token ? await authenticate(token, request.ip) : null;
    // Each kind only by its own carrier: a cookie session's token sent as a bearer would skip the
    // CSRF check, so a leaked cookie value is no API key (issue 37).
    if (!token || !found || (via === 'cookie') !== (found.kind === 'cookie')) {
      throw new AppError('UNAUTHENTICATED');
    }
    if (via === 'cookie') checkCsrf(request, found.csrfHash);
    const auth: AuthState = { ...found, via, token };
    request.auth = auth;
    setAuditActor(auth.user.id);
    if (access.auth !== 'site') return;

    const params = (request.params ?? {}) as Record<string, unknown>;
    const siteId = params.siteId ?? params.id;
    if (typeof siteId !== 'string') throw new AppError('NO_SITE_SELECTED');
    const membership = await findActiveRole(
      ctx,
      siteId,
      auth.user.id,
      !READ_METHODS.has(request.method),
    );
    const role = membership?.role;
    if (!isRole(role)) throw new AppError('ACCESS_DENIED');
    // The owner requires two-step sign-in of every member (issue 19); the site list and the
    // caller's profile stay open, so they can switch it on.
    if (membership?.require_two_step === 1 && auth.user.totp_secret === null) {
      throw new AppError('TWO_STEP_REQUIRED_BY_SITE');
    }
    const roleSettings = roleSettingsOf(membership?.role_settings ?? '{}');
    request.siteAccess = { siteId, role, roleSettings };

    if (access.ownerOnly && role !== 'owner') throw ownerOnly(access.ownerOnly);
    if (
      (access.permission && !permittedIn(roleSettings, role, access.permission, access.area)) ||
      access.deniedTo?.includes(role)
    ) {
      const verb = access.permission && actionVerb(access.permission);
      throw verb && access.entity
        ? permissionDenied(verb, access.entity)
        : new AppError('PERMISSION_DENIED');
    }
    if (!READ_METHODS.has(request.method) && !access.whileInactive) {
      const subscription = await assertWritable(ctx.db.kysely, siteId);
      if (subscription) request.siteAccess.subscription = subscription;
    }
  });
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
}

/** Every route as it is registered, with its declared access: the authorization matrix reads it. */
export function recordRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, access: route.config?.access });
    }
  });
  return routes;
}
