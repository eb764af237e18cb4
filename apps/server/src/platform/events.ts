import type { SiteWrites } from './site-changes.js';

/**
 * Live updates (API.md "Live updates"): after a change to a site's records has committed, a
 * `record` event goes to every open event stream of that site. In-process for one server; the
 * interface lets a shared transport (PostgreSQL LISTEN/NOTIFY) replace it for several instances.
 */
export interface RecordEvent {
  collection: string;
  action: 'create' | 'update' | 'delete';
  id: string | null;
  /** Who made the change, so a client can tell its own changes from other people's. */
  user: string | null;
  /**
   * The browser tab that made the change (its `X-Client-Id` header), so that tab can skip the
   * echo of its own write: it refreshed what the write changed already.
   */
  client?: string | null;
  /**
   * The action of an update made through an action route (`POST …/<collection>/{id}/<step>`:
   * submit, approve, reject, issue…), so a client can tell who to notify.
   */
  step?: string;
  /**
   * The collections the write changed (issue 41), as its `X-Changed-Collections` answer header
   * names them: a client refreshes exactly these.
   */
  changed?: string[];
}

export type EventListener = (event: RecordEvent) => void;
/** `writes`: what the write changed, for the kept list totals of every instance (not sent to clients). */
export type SiteEventListener = (siteId: string, event: RecordEvent, writes?: SiteWrites) => void;

export interface EventBus {
  publish(siteId: string, event: RecordEvent, writes?: SiteWrites): void;
  /** Returns the unsubscribe function. */
  subscribe(siteId: string, listener: EventListener): () => void;
  /** Every site's events, from every instance (for caches that must forget a changed site). */
  subscribeAll(listener: SiteEventListener): () => void;
  /** Open streams, for tests and metrics. */
  listenerCount(siteId?: string): number;
  /**
   * Changes each time the bus may have missed events (a shared transport re-connected); null
   * while it cannot hear other instances. In-process it is always 0: nothing can be missed.
   */
  epoch(): number | null;
}

export function createEventBus(onListenerError: (error: unknown) => void): EventBus {
  const bySite = new Map<string, Set<EventListener>>();
  const everySite = new Set<SiteEventListener>();
  return {
    publish(siteId, event, writes) {
      for (const listener of everySite) {
        try {
          listener(siteId, event, writes);
        } catch (error) {
          onListenerError(error);
        }
      }
      for (const listener of bySite.get(siteId) ?? []) {
        try {
          listener(event);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribeAll(listener) {
      everySite.add(listener);
      return () => everySite.delete(listener);
    },
    epoch: () => 0,
    subscribe(siteId, listener) {
      let set = bySite.get(siteId);
      if (!set) bySite.set(siteId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) bySite.delete(siteId);
      };
    },
    listenerCount(siteId) {
      if (siteId) return bySite.get(siteId)?.size ?? 0;
      let total = 0;
      for (const set of bySite.values()) total += set.size;
      return total;
    },
  };
}
