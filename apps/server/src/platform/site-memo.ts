import type { SiteChanges } from './site-changes.js';

/** The most answers one memo keeps; the least recently read is forgotten first. */
const MAX_ENTRIES = 1000;

interface Entry<T> {
  version: string;
  value: T;
}

/**
 * Answers computed from a site's records (the dashboard, a vendor's ledger), kept while the site's
 * change version is the one they were computed under. Their SQL reads every record of the site
 * or the vendor, so a site with years of books answers from here between changes instead of
 * re-reading them all. The key must hold everything else the answer depends on (the business
 * day, the query). The version is read before computing and checked after: a write that landed
 * meanwhile keeps the answer out (it may or may not include that write).
 */
export interface SiteMemo<T> {
  get(siteId: string, key: string, compute: () => Promise<T>): Promise<T>;
}

export function createSiteMemo<T>(
  changes: SiteChanges,
  options: { enabled: boolean; maxEntries?: number } = { enabled: true },
): SiteMemo<T> {
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry<T>>();
  return {
    async get(siteId, key, compute) {
      const version = options.enabled ? changes.version(siteId) : null;
      if (version === null) return compute();
      const id = `${siteId}\n${key}`;
      const entry = entries.get(id);
      // Map order is the eviction order: a read moves the answer to the back.
      entries.delete(id);
      if (entry && entry.version === version) {
        entries.set(id, entry);
        return entry.value;
      }
      const value = await compute();
      if (changes.version(siteId) === version) {
        entries.set(id, { version, value });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      return value;
    },
  };
}
