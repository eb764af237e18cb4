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
}

export type EventListener = (event: RecordEvent) => void;

export interface EventBus {
  publish(siteId: string, event: RecordEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(siteId: string, listener: EventListener): () => void;
  /** Open streams, for tests and metrics. */
  listenerCount(siteId?: string): number;
}

export function createEventBus(onListenerError: (error: unknown) => void): EventBus {
  const bySite = new Map<string, Set<EventListener>>();
  return {
    publish(siteId, event) {
      for (const listener of bySite.get(siteId) ?? []) {
        try {
          listener(event);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
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
