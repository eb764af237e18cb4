import { isOwner, permissionsFor, type Permission, type Role } from '@siteledger/domain';
import { nextFromSearch, withNext } from '../lib/next-path';

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

/** The page being opened (path and query string), for coming back to it after signing in. */
export interface GuardLocation {
  pathname: string;
  search: string;
}

function needsSignIn(rule: RouteRule): boolean {
  return Boolean(rule.auth || rule.site || rule.ownerOnly || rule.permission);
}

/**
 * Where to send the visitor instead, or null to show the route. The checks run in the spec's
 * order: 1 not signed in → /login (with `next` = the page asked for, so a mailed link such as an
 * invitation survives signing in); 2 guest-only while signed in → that `next` when it is a safe
 * path of this app, else / or /select-site; 3 needs a site → /select-site; 4 owner-only → /;
 * 5 missing permission → /. A guard that throws lets navigation continue.
 */
export function resolveGuard(
  rule: RouteRule,
  state: GuardState,
  location?: GuardLocation,
): string | null {
  try {
    if (needsSignIn(rule) && !state.signedIn) {
      const asked = location && location.pathname !== '/' ? location : null;
      return asked ? withNext('/login', `${asked.pathname}${asked.search}`) : '/login';
    }
    if (rule.guestOnly && state.signedIn) {
      const next = location ? nextFromSearch(location.search) : null;
      // A `next` naming this very page would only bring the visitor back here.
      if (next && next.split('?')[0] !== location?.pathname) return next;
      return state.siteId ? '/' : '/select-site';
    }
    if (rule.site && !state.siteId) return '/select-site';
    if (rule.ownerOnly && !isOwner(state.role)) return '/';
    if (rule.permission && !permissionsFor(state.role)[rule.permission]) return '/';
    return null;
  } catch {
    return null;
  }
}
