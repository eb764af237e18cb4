import { Outlet, useLocation } from 'react-router';
import { TopBar } from './top-bar';

/** Signed in without a site: site selection, invitations and profile. */
export function BareLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar />
      <main className="flex-1" id="main">
        {pathname === '/select-site' ? (
          <Outlet />
        ) : (
          <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
            <Outlet />
          </div>
        )}
      </main>
    </div>
  );
}
