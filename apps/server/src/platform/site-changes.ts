import type { EventBus } from './events.js';

/**
 * A version per site that moves whenever the site's records may have changed, for caches of
 * figures computed from them (the dashboard). It moves on every write request to the site made
 * here (whatever its answer: a write that committed and then failed still moved it) and on
 * every record event from any instance. `null` means "unknown, do not cache": a shared event
 * transport that is re-connecting cannot promise it heard every other instance.
 */
export interface SiteChanges {
  version(siteId: string): string | null;
  changed(siteId: string): void;
}

export function trackSiteChanges(bus: EventBus): SiteChanges {
  const counters = new Map<string, number>();
  const changed = (siteId: string) => counters.set(siteId, (counters.get(siteId) ?? 0) + 1);
  bus.subscribeAll((siteId) => changed(siteId));
  return {
    version(siteId) {
      const epoch = bus.epoch();
      return epoch === null ? null : `${epoch}:${counters.get(siteId) ?? 0}`;
    },
    changed,
  };
}
