import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { resolveGuard, type RouteRule } from './guards';
import { NoAccess } from './shell/no-access';

/** Applies a route's rule; redirects are silent (replace, no message). */
export function RouteGuard({ rule, children }: { rule: RouteRule; children: ReactNode }) {
  const { status, siteId, role } = useSession();
  const location = useLocation();
  const target = resolveGuard(rule, { signedIn: status === 'signed-in', siteId, role }, location);
  if (target === null) return <>{children}</>;
  // A redirect to the page already shown (e.g. no read permission on the dashboard) would loop.
  if (target.split('?')[0] === location.pathname) return <NoAccess />;
  return <Navigate to={target} replace />;
}
