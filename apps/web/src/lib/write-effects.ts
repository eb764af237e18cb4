import { PLAN_RESOURCES } from '@siteledger/domain';
import { RECORD_TYPES } from './record-types';

/**
 * "A write to X changes Y" (issue 21): the collections whose figures a change of `collection`
 * moves, beyond itself: each record type's `changes` (lib/record-types.ts) and the collections
 * without a page. One table for this tab's own writes (lib/site-records.ts,
 * lib/offline-queue-hooks.ts) and for other people's, announced by live updates.
 */
const RELATED: Record<string, readonly string[]> = {
  ...Object.fromEntries(RECORD_TYPES.map((type) => [type.collection, type.changes])),
  // Collections without a page of their own.
  delivery_items: ['deliveries', 'items', 'vendors', 'returnable_items'],
  vendor_credit_notes: ['vendors', 'vendor_returns'],
  account_transactions: ['accounts'],
  // Site stock (issue 25): transfers and counts move on hand (read under the items key).
  stock_transfers: ['items', 'stock_movements'],
  stock_adjustments: ['items', 'stock_movements'],
  // A renamed or recoloured tag shows on every item, service and vendor that wears it.
  tags: ['items', 'services', 'vendors'],
  members: ['invitations'],
  invitations: ['members'],
};

/** `collection` and everything its change refreshes. */
export function collectionsToRefresh(collection: string): string[] {
  return [collection, ...(RELATED[collection] ?? [])];
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
