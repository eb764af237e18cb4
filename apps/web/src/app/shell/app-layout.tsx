import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { BareLayout } from './bare-layout';
import { MainLayout } from './main-layout';

/**
 * Picks the frame for signed-in screens: the main layout (sidebar + top bar) when a site is
 * selected, a simple frame for site selection and for screens reached without a site.
 */
export function AppLayout() {
  const { status, siteId } = useSession();
  const { pathname } = useLocation();
  // Signed out: the route's guard redirects; render nothing private meanwhile.
  if (status !== 'signed-in') return <Outlet />;
  if (!siteId || pathname === '/select-site') return <BareLayout />;
  return <MainLayout />;
}
