import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { useSites } from '../features/sites/api';
import { restorePickLists } from '../lib/offline-queue-lists';
import { isOnline } from '../lib/online-status';
import { useSession } from '../lib/session';
import { AppSkeleton } from './shell/app-skeleton';

/**
 * App shell states (spec part 2): signed out → the routed page; signed in but not ready (session
 * being confirmed, sites loading, remembered site being checked) → a loading skeleton; otherwise
 * the routed page inside its layout. Keeps the remembered site and role true to GET /api/sites.
 */
export function RootGate() {
  const { status, siteId, role, selectSite, clearSite, user } = useSession();
  const queryClient = useQueryClient();
  // Offline after a reload: the saved site list (and form pickers) must be in the cache before
  // the sites query runs, or the app would wait on the skeleton until the network returns.
  // Only offline: online, the server's list is the truth (a removed member must lose the site).
  const restoredFor = useRef<string | null>(null);
  if (user && restoredFor.current !== user.id && !isOnline()) {
    restoredFor.current = user.id;
    restorePickLists(queryClient, user.id);
  }
  const sites = useSites();
  const entry = siteId ? sites.data?.find((site) => site.id === siteId) : undefined;
  const canSync = status === 'signed-in' && sites.isSuccess && !sites.isFetching;
  const stale = canSync && siteId !== null && (!entry || entry.role !== role);

  useEffect(() => {
    if (!stale) return;
    // The remembered site is gone (or the role changed): clear or refresh the selection.
    if (entry) selectSite(entry.id, entry.role);
    else clearSite();
  }, [stale, entry, selectSite, clearSite]);

  const waiting = status === 'checking' || (status === 'signed-in' && (sites.isPending || stale));
  // Leaving the skeleton mounts the shell and the page at once. The sites' answer arrives as a
  // store update, which React renders in one uninterruptible task; the deferred value moves that
  // mount into a background render that yields every few milliseconds (a phone's cold start,
  // issue 42). Back to the skeleton is immediate.
  const deferredWaiting = useDeferredValue(waiting);
  if (waiting || deferredWaiting) return <AppSkeleton />;
  return <Outlet />;
}
