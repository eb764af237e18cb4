import { isOwner, permissionsFor, type Permission, type Role } from '@siteledger/domain';

/** What a route demands (spec part 2, route table). */
export interface RouteRule {
  /** Login, register, forgot password: signed-in users are sent on. */
  guestOnly?: boolean;
  /** Sign-in required. */
  auth?: boolean;
  /** A current site is required. */
  site?: boolean;
  ownerOnly?: boolean;
  permission?: Permission;
}

export interface GuardState {
  signedIn: boolean;
  siteId: string | null;
  role: Role | null;
}

function needsSignIn(rule: RouteRule): boolean {
  return Boolean(rule.auth || rule.site || rule.ownerOnly || rule.permission);
}

/**
 * Where to send the visitor instead, or null to show the route. The checks run in the spec's
 * order: 1 not signed in → /login; 2 guest-only while signed in → / or /select-site; 3 needs a
 * site → /select-site; 4 owner-only → /; 5 missing permission → /. A guard that throws lets
 * navigation continue.
 */
export function resolveGuard(rule: RouteRule, state: GuardState): string | null {
  try {
    if (needsSignIn(rule) && !state.signedIn) return '/login';
    if (rule.guestOnly && state.signedIn) return state.siteId ? '/' : '/select-site';
    if (rule.site && !state.siteId) return '/select-site';
    if (rule.ownerOnly && !isOwner(state.role)) return '/';
    if (rule.permission && !permissionsFor(state.role)[rule.permission]) return '/';
    return null;
  } catch {
    return null;
  }
}
