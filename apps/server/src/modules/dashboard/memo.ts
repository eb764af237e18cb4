import type { Dashboard } from '@siteledger/domain';

/** The most sites whose dashboard is kept; the least recently read is forgotten first. */
const MAX_SITES = 1000;

interface Entry {
  version: string;
  today: string;
  value: Dashboard;
}

/**
 * The last dashboard computed per site, valid while the site's change version and the business
 * day are the ones it was computed under. Its SQL sums every delivery of the site, so a site
 * with years of records answers from here between changes instead of re-reading them all.
 */
export interface DashboardMemo {
  get(siteId: string, version: string, today: string): Dashboard | undefined;
  set(siteId: string, entry: Entry): void;
}

export function createDashboardMemo(maxSites = MAX_SITES): DashboardMemo {
  const entries = new Map<string, Entry>();
  return {
    get(siteId, version, today) {
      const entry = entries.get(siteId);
      if (!entry || entry.version !== version || entry.today !== today) return undefined;
      // Map order is the eviction order: a read moves the site to the back.
      entries.delete(siteId);
      entries.set(siteId, entry);
      return entry.value;
    },
    set(siteId, entry) {
      entries.delete(siteId);
      entries.set(siteId, entry);
      if (entries.size > maxSites) entries.delete(entries.keys().next().value!);
    },
  };
}
