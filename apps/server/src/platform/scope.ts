import { effectiveRules, type Role, type RoleRights, type RoleSettings } from '@siteledger/domain';
import type { FastifyRequest } from 'fastify';
import { currentSite, currentUser } from './access.js';
import type { AppContext } from './context.js';
import type { SubscriptionWithPlan } from './plan-limits.js';

/**
 * Who acts on which site, built once per request: what every site service takes first instead of
 * a positional `(ctx, siteId, userId, …)`.
 */
export interface SiteScope {
  ctx: AppContext;
  siteId: string;
  /** The caller; `created_by` of what they create. */
  userId: string;
  /** The caller's active role on the site, as the access check found it. */
  role: Role;
  /** The business's role settings (issue 47); none: the defaults. */
  roleSettings?: RoleSettings;
  /** The site's subscription as a write's access check read it (plan-limits.ts `checkQuota`). */
  subscription?: SubscriptionWithPlan;
}

/** The scope of a site route's request (access `site`: the caller and the site are known). */
export function siteScope(request: FastifyRequest, ctx: AppContext): SiteScope {
  const site = currentSite(request);
  return {
    ctx,
    siteId: site.siteId,
    userId: currentUser(request).user.id,
    role: site.role,
    roleSettings: site.roleSettings,
    ...(site.subscription ? { subscription: site.subscription } : {}),
  };
}

/** A scope built outside a request (the batch's other sites, seed and maintenance tools). */
export function scopeFor(
  ctx: AppContext,
  siteId: string,
  userId: string,
  role: Role = 'owner',
): SiteScope {
  return { ctx, siteId, userId, role };
}

/** What the caller's role may do on the site under its business's role settings (issue 47). */
export function rightsOf(scope: SiteScope): RoleRights {
  return effectiveRules(scope.roleSettings)[scope.role];
}
