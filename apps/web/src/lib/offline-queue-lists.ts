/**
 * The pick lists the queued create forms choose from (vendors, items, services, accounts, fetched
 * whole by name) are kept in localStorage (`siteledger.offlineLists`), so a delivery, payment or
 * booking can still be recorded offline after a reload. A restored list keeps its original time,
 * so it counts as stale and is fetched again as soon as there is a connection. Sign-out forgets
 * them (another person may use the device next).
 */
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { STORAGE_PREFIX } from './storage';

export const PICK_LISTS_KEY = `${STORAGE_PREFIX}offlineLists`;
const PICK_LISTS: readonly string[] = ['vendors', 'items', 'services', 'accounts'];
/** A few sites' worth of lists; the oldest go first. */
const MAX_LISTS = 16;
const WHOLE_LIST = 200;
/** A searchable picker's first page (lib/entity-search.ts PICKER_PAGE): by name, nothing typed. */
const PICKER_PAGE = 20;

interface StoredList {
  key: QueryKey;
  userId: string;
  updatedAt: number;
  data: unknown;
}

/**
 * `['sites', siteId, 'vendors', 'list', { perPage: 500, sort: 'name', … }]` and the like, a
 * searchable picker's first page (`{ perPage: 20, sort: 'name' }`, no `q`), and the person's site
 * list (`['sites']`), without which the app cannot open offline.
 */
export function isPickList(key: QueryKey): boolean {
  if (key.length === 1 && key[0] === 'sites') return true;
  const params = key[4];
  return (
    key[0] === 'sites' &&
    typeof key[1] === 'string' &&
    PICK_LISTS.includes(String(key[2])) &&
    key[3] === 'list' &&
    typeof params === 'object' &&
    params !== null &&
    (Number((params as { perPage?: unknown }).perPage) >= WHOLE_LIST || isPickerFirstPage(params))
  );
}

function isPickerFirstPage(params: object): boolean {
  const { perPage, sort, q, page } = params as Record<string, unknown>;
  return perPage === PICKER_PAGE && sort === 'name' && q === undefined && page === undefined;
}

function read(): StoredList[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(PICK_LISTS_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (entry: StoredList) =>
            Array.isArray(entry?.key) &&
            typeof entry.userId === 'string' &&
            typeof entry.updatedAt === 'number',
        )
      : [];
  } catch {
    return [];
  }
}

function write(lists: StoredList[]): void {
  try {
    window.localStorage.setItem(PICK_LISTS_KEY, JSON.stringify(lists));
  } catch {
    // Full or unavailable: the lists are a convenience, the queue itself matters more.
  }
}

/**
 * Puts the person's saved lists into the cache (never over fresher data). Safe to call early —
 * e.g. before the site list is first asked for, so the app can open offline.
 */
export function restorePickLists(queryClient: QueryClient, userId: string): void {
  for (const list of read()) {
    if (list.userId === userId && queryClient.getQueryData(list.key) === undefined)
      queryClient.setQueryData(list.key, list.data, { updatedAt: list.updatedAt });
  }
}

/** Restores the person's saved lists and keeps saving fresh ones. */
export function keepPickLists(queryClient: QueryClient, userId: string): () => void {
  restorePickLists(queryClient, userId);
  const save = (queryKey: QueryKey, updatedAt: number, data: unknown) => {
    if (!isPickList(queryKey) || data === undefined) return;
    const hash = hashKey(queryKey);
    const others = read().filter((list) => hashKey(list.key) !== hash);
    const fresh: StoredList = { key: queryKey, userId, updatedAt, data };
    write([fresh, ...others].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, MAX_LISTS));
  };
  // What was fetched before this started (the site list is read before the layout mounts).
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status === 'success' && query.state.dataUpdatedAt > 0)
      save(query.queryKey, query.state.dataUpdatedAt, query.state.data);
  }
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const { queryKey, state } = event.query;
    save(queryKey, state.dataUpdatedAt, state.data);
  });
}

export function forgetPickLists(): void {
  try {
    window.localStorage.removeItem(PICK_LISTS_KEY);
  } catch {
    // Nothing stored.
  }
}
