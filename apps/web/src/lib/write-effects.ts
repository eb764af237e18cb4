import { PLAN_RESOURCES } from '@siteledger/domain';
import type { QueryClient } from '@tanstack/react-query';
import { observeServerChanges } from './api-client';
import { queryKeys } from './query-keys';

/*
 * What a write changes (issue 41): the server says. Every successful site write answers with
 * `X-Changed-Collections` (docs/API.md "Issue 41: what a write changed") and its live event
 * carries the same list as `changed`; the client refreshes exactly those collections and the
 * record's own. No list here restates the server.
 */

/** The collections a write to `collection` refreshes: its own and those the server named. */
export function collectionsToRefresh(
  collection: string,
  changed: readonly string[] = [],
): string[] {
  return [...new Set([collection, ...changed])];
}

/**
 * When the server's list last refreshed each `siteId|collection` (ms). A write's answer is heard
 * before its mutation's own refresh runs; that refresh leaves what the answer already refreshed.
 */
const served = new Map<string, number>();
const SERVED_MS = 2000;
const DASHBOARD = '#dashboard';

/**
 * Refetches the queries of a site's `collections` and its dashboard. With `leaveServed`, a
 * collection the server's list refreshed within the last moments is left alone: the write
 * whose answer named it is the one being refreshed, so its queries are being fetched already
 * and one request serves.
 */
export function refreshSiteCollections(
  queryClient: QueryClient,
  siteId: string,
  collections: Iterable<string>,
  leaveServed = false,
): Promise<unknown> {
  const now = Date.now();
  const fresh = (name: string) => {
    const key = `${siteId}|${name}`;
    if (leaveServed) return now - (served.get(key) ?? -Infinity) < SERVED_MS;
    served.set(key, now);
    return false;
  };
  const jobs: Promise<unknown>[] = [];
  if (!fresh(DASHBOARD))
    jobs.push(queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(siteId) }));
  for (const collection of collections) {
    if (fresh(collection)) continue;
    if (collection === 'sites' || collection === 'members') {
      // The site's name, or the caller's own role, may have changed.
      jobs.push(queryClient.invalidateQueries({ queryKey: queryKeys.sites, exact: true }));
      jobs.push(queryClient.invalidateQueries({ queryKey: queryKeys.site(siteId), exact: true }));
    }
    if (collection !== 'sites' && collection !== 'subscription')
      jobs.push(queryClient.invalidateQueries({ queryKey: queryKeys.records(siteId, collection) }));
  }
  return Promise.all(jobs);
}

/**
 * This tab's own writes: refreshes what each write's answer says it changed, as the answer
 * arrives (before the mutation's own refresh runs). Returns the function that stops it.
 */
export function keepWritesFresh(queryClient: QueryClient): () => void {
  return observeServerChanges((siteId, collections) => {
    void refreshSiteCollections(queryClient, siteId, collections);
  });
}

const COUNTED: ReadonlySet<string> = new Set(PLAN_RESOURCES);

/**
 * Whether a write moves the plan's usage counts (spec part 4): a create or delete of a counted
 * resource. Only those refetch the subscription state; an edit never changes a count.
 */
export function changesUsage(collection: string, action: 'create' | 'update' | 'delete'): boolean {
  return action !== 'update' && COUNTED.has(collection);
}

/**
 * Whether a live update changes what the subscription state shows: a count (above), or the plan
 * itself (bought, cancelled, reactivated — the `subscription` collection, from another device).
 */
export function changesPlanState(
  collection: string,
  action: 'create' | 'update' | 'delete',
): boolean {
  return collection === 'subscription' || changesUsage(collection, action);
}

/** TanStack mutation `meta` of a write: read by keepSubscriptionFresh (lib/subscription-api.ts). */
export interface WriteMeta extends Record<string, unknown> {
  changesUsage: boolean;
}

export function writeMeta(collection: string, action: 'create' | 'update' | 'delete'): WriteMeta {
  return { changesUsage: changesUsage(collection, action) };
}
