import { PLAN_RESOURCES } from '@siteledger/domain';
import type { QueryClient } from '@tanstack/react-query';
import { observeServerChanges, type WriteToken } from './api-client';
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

const DASHBOARD = '#dashboard';

/**
 * What each write's answer refreshed (`siteId|collection`, and the dashboard), kept on the
 * write's token: the answer is heard before the write's own refresh runs, and that refresh
 * leaves exactly these (their queries are being fetched already; one request serves). A write
 * without a token, or another write, refreshes everything it names.
 */
const refreshedBy = new WeakMap<WriteToken, Set<string>>();

const markOf = (siteId: string, name: string) => `${siteId}|${name}`;

/** Marks `collections` of `siteId` (and the dashboard) as refreshed by `write`'s answer. */
export function markRefreshed(write: WriteToken, siteId: string, collections: Iterable<string>) {
  const marks = refreshedBy.get(write) ?? new Set<string>();
  for (const name of [DASHBOARD, ...collections]) marks.add(markOf(siteId, name));
  refreshedBy.set(write, marks);
}

/**
 * Refetches the queries of a site's `collections` and its dashboard. Given the `write` they are
 * refreshed for, what that write's answer refreshed already is left alone.
 */
export function refreshSiteCollections(
  queryClient: QueryClient,
  siteId: string,
  collections: Iterable<string>,
  write?: WriteToken,
): Promise<unknown> {
  const marks = write ? refreshedBy.get(write) : undefined;
  const fresh = (name: string) => marks?.has(markOf(siteId, name)) ?? false;
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
 * arrives (before the write's own refresh runs), and marks it on the write. Returns the function
 * that stops it.
 */
export function keepWritesFresh(queryClient: QueryClient): () => void {
  return observeServerChanges((siteId, collections, write) => {
    void refreshSiteCollections(queryClient, siteId, collections);
    if (write) markRefreshed(write, siteId, collections);
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
