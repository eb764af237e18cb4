import type { EventBus } from './events.js';

/**
 * What a write changed in a site's tables, for kept list totals: per table, the columns its
 * updates set, or `null` when rows came or went there (or the columns are unknown). Plain JSON,
 * so it travels with the write's event to other instances. A change without one (`undefined`)
 * may have changed anything.
 */
export type SiteWrites = Readonly<Record<string, readonly string[] | null>>;

/** What a count reads: the tables it counts or joins, and the names of the columns it tests. */
export interface CountReads {
  tables: readonly string[];
  columns: readonly string[];
}

/**
 * A version per site that moves whenever the site's records may have changed, for caches of
 * figures computed from them (the dashboard). It moves on every write request to the site made
 * here (whatever its answer: a write that committed and then failed still moved it) and on
 * every record event from any instance. `null` means "unknown, do not cache": a shared event
 * transport that is re-connecting cannot promise it heard every other instance.
 *
 * `countVersion` is finer, for list totals (issue 42): it moves only on changes that can change
 * what a count with those reads selects — rows added to or removed from one of its tables, an
 * update setting a column it tests, or a change that did not say what it changed. A payment then
 * leaves the unfiltered deliveries total alone, while a total filtered by payment status (a
 * column the payment sets) is recounted.
 */
export interface SiteChanges {
  version(siteId: string): string | null;
  countVersion(siteId: string, reads: CountReads): string | null;
  changed(siteId: string, writes?: SiteWrites): void;
}

interface TableStamps {
  /** When rows last came or went (or an update's columns were unknown). */
  rows: number;
  columns: Map<string, number>;
}

interface SiteStamps {
  /** When the site last changed without saying what. */
  all: number;
  tables: Map<string, TableStamps>;
}

export function trackSiteChanges(bus: EventBus): SiteChanges {
  const counters = new Map<string, number>();
  // One clock for every stamp: a count's version is the latest stamp among what it reads, so
  // any change it reads gives it a version it never had.
  let clock = 0;
  const stamps = new Map<string, SiteStamps>();
  const changed = (siteId: string, writes?: SiteWrites) => {
    counters.set(siteId, (counters.get(siteId) ?? 0) + 1);
    let site = stamps.get(siteId);
    if (!site) stamps.set(siteId, (site = { all: 0, tables: new Map() }));
    const now = ++clock;
    if (!writes) {
      site.all = now;
      return;
    }
    for (const [name, columns] of Object.entries(writes)) {
      let table = site.tables.get(name);
      if (!table) site.tables.set(name, (table = { rows: 0, columns: new Map() }));
      if (columns === null) table.rows = now;
      else for (const column of columns) table.columns.set(column, now);
    }
  };
  bus.subscribeAll((siteId, _event, writes) => changed(siteId, writes));
  return {
    version(siteId) {
      const epoch = bus.epoch();
      return epoch === null ? null : `${epoch}:${counters.get(siteId) ?? 0}`;
    },
    countVersion(siteId, reads) {
      const epoch = bus.epoch();
      if (epoch === null) return null;
      const site = stamps.get(siteId);
      let latest = site?.all ?? 0;
      for (const name of reads.tables) {
        const table = site?.tables.get(name);
        if (!table) continue;
        latest = Math.max(latest, table.rows);
        for (const column of reads.columns)
          latest = Math.max(latest, table.columns.get(column) ?? 0);
      }
      return `${epoch}:${latest}`;
    },
    changed,
  };
}
