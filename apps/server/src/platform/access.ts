import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionVerb, hasPermission, isRole, type Permission, type Role } from '@siteledger/domain';
import type { UsersTable } from '../db/schema.js';
import type { AppContext } from './context.js';
import { AppError, ownerOnly, permissionDenied } from './errors.js';
import { setAuditActor } from './audit.js';
import { assertWritable } from './plan-limits.js';

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
       * A write that stays allowed when the subscription is inactive (paying for it, deleting the
       * site); every other site write is then 403 SUBSCRIPTION_INACTIVE.
       */
      whileInactive?: true;
    };

export interface AuthState {
  user: UsersTable;
  sessionId: string;
}

export interface SiteAccess {
  siteId: string;
  role: Role;
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

async function findActiveRole(
  ctx: AppContext,
  siteId: string,
  userId: string,
): Promise<string | null> {
  const row = await ctx.db.kysely
    .selectFrom('site_users')
    .innerJoin('sites', 'sites.id', 'site_users.site_id')
    .select('site_users.role')
    .where('site_users.site_id', '=', siteId)
    .where('site_users.user_id', '=', userId)
    .where('site_users.is_active', '=', 1)
    .where('sites.is_active', '=', 1)
    .executeTakeFirst();
  return row?.role ?? null;
}

export function registerAccessControl(
  app: FastifyInstance,
  ctx: AppContext,
  authenticate: (token: string) => Promise<AuthState | null>,
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('siteAccess', null);

  // Before validation: a stranger learns nothing about a route's body (401/403 come before
  // 400), and nothing is parsed for them. Path params are plain strings already.
  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url;
    if (!url) return; // unknown route: the not-found handler answers
    // Web app files and the API docs UI are public; every other API route says who may call it.
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const access: Access = request.routeOptions.config.access ?? { auth: 'user' };
    if (access.auth === 'public') return;

    const token = bearer(request);
    const auth = token ? await authenticate(token) : null;
    if (!auth) throw new AppError('UNAUTHENTICATED');
    request.auth = auth;
    setAuditActor(auth.user.id);
    if (access.auth !== 'site') return;

    const params = (request.params ?? {}) as Record<string, unknown>;
    const siteId = params.siteId ?? params.id;
    if (typeof siteId !== 'string') throw new AppError('NO_SITE_SELECTED');
    const role = await findActiveRole(ctx, siteId, auth.user.id);
    if (!isRole(role)) throw new AppError('ACCESS_DENIED');
    request.siteAccess = { siteId, role };

    if (access.ownerOnly && role !== 'owner') throw ownerOnly(access.ownerOnly);
    if (access.permission && !hasPermission(role, access.permission)) {
      const verb = actionVerb(access.permission);
      throw verb && access.entity
        ? permissionDenied(verb, access.entity)
        : new AppError('PERMISSION_DENIED');
    }
    if (!READ_METHODS.has(request.method) && !access.whileInactive) {
      await assertWritable(ctx.db.kysely, siteId);
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
