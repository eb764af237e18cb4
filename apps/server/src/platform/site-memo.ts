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
 * meanwhile keeps the answer out (it may or may not include that write). Readers arriving while
 * an answer is computed under their version share that computation: no write they could have
 * seen has been answered since it began (a write moves the version before its answer is sent).
 */
export interface SiteMemo<T> {
  get(siteId: string, key: string, compute: () => Promise<T>): Promise<T>;
}

export function createSiteMemo<T>(
  changes: SiteChanges,
  options: { enabled: boolean; maxEntries?: number } = { enabled: true },
): SiteMemo<T> {
  const memo = createVersionedMemo<T>(options);
  return {
    get: (siteId, key, compute) =>
      memo.get(`${siteId}\n${key}`, () => changes.version(siteId), compute),
  };
}

/**
 * The memo above with the version read by the caller's `version` (the list totals' is finer than
 * the site's: platform/list-totals.ts). The id must name the site and everything else the answer
 * depends on; `null` from `version` computes without keeping.
 */
export interface VersionedMemo<T> {
  get(id: string, version: () => string | null, compute: () => Promise<T>): Promise<T>;
}

export function createVersionedMemo<T>(
  options: { enabled: boolean; maxEntries?: number } = { enabled: true },
): VersionedMemo<T> {
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry<T>>();
  // Answers being computed: readers that arrive under the same version wait for that one
  // computation instead of each starting their own. Without this, every write sent all the
  // readers of a busy site into the same full recount at once (bench/ANALYSIS.md, scenario 7b).
  const computing = new Map<string, { version: string; value: Promise<T> }>();
  return {
    async get(id, versionOf, compute) {
      const version = options.enabled ? versionOf() : null;
      if (version === null) return compute();
      const entry = entries.get(id);
      // Map order is the eviction order: a read moves the answer to the back.
      entries.delete(id);
      if (entry && entry.version === version) {
        entries.set(id, entry);
        return entry.value;
      }
      const running = computing.get(id);
      if (running && running.version === version) return running.value;
      const value = compute();
      computing.set(id, { version, value });
      try {
        const answer = await value;
        if (versionOf() === version) {
          entries.set(id, { version, value: answer });
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
        }
        return answer;
      } finally {
        if (computing.get(id)?.value === value) computing.delete(id);
      }
    },
  };
}
