/**
 * The parts of the shared entity pickers that do not need React (lib/entity-options.ts uses them):
 * which page a picker asks the server for, how its search is debounced, and what it shows while
 * the server's answer for the typed text is on its way.
 */
import type { Account, Item, Service, Vendor } from '@siteledger/domain';
import { api } from './api-client';
import { queryKeys } from './query-keys';
import { recordsPath, type ListQuery, type ListResult } from './site-records';

/** What each pickable collection holds (every one is sorted by name; `q` searches the name). */
export interface EntityTypes {
  vendors: Vendor;
  items: Item;
  services: Service;
  accounts: Account;
}
export type EntityCollection = keyof EntityTypes;

/** One page of a picker: the first matches by name, enough to choose from while typing. */
export const PICKER_PAGE = 20;
/** Native selects cannot search: they take the whole list (the API's largest page). */
export const WHOLE_LIST = 500;
/** Typing pauses this long before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Pick lists change rarely; writes to them refresh them anyway (lib/write-effects.ts). */
export const PICKER_STALE_MS = 60_000;

/** The list query of a picker page: `q` only when something was typed, by name. */
export function pickerParams(
  search: string,
  perPage: number = PICKER_PAGE,
  filters: ListQuery = {},
): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = { perPage, sort: 'name' };
  const q = search.trim();
  if (q) out.q = q;
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') out[key] = value;
  }
  return out;
}

/**
 * TanStack Query options for one picker page. The key is the collection's list key
 * (lib/query-keys.ts), so a write's refresh (lib/write-effects.ts) reaches every picker too.
 */
export function pickerQuery<C extends EntityCollection>(
  siteId: string,
  collection: C,
  params: Record<string, string | number | boolean>,
) {
  return {
    queryKey: queryKeys.recordList(siteId, collection, params),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<ListResult<EntityTypes[C]>>(recordsPath(siteId, collection), {
        query: params,
        signal,
      }),
    staleTime: PICKER_STALE_MS,
  };
}

/** Calls `onValue` with the last pushed value once pushes pause for `ms`. */
export function createDebouncer<T>(ms: number, onValue: (value: T) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    push(value: T) {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        onValue(value);
      }, ms);
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Whether a record's searchable text contains what was typed (case-insensitive). */
export function matchesText(text: string, typed: string): boolean {
  const query = typed.trim().toLowerCase();
  return !query || text.toLowerCase().includes(query);
}

/**
 * What a picker lists. The server's page for the typed text once it has answered; until then the
 * records already at hand that contain the text, so the list follows each key press (and Enter
 * picks what is shown even offline, from the pick lists loaded before).
 */
export function shownRecords<T extends { id: string }>(input: {
  typed: string;
  /** The server's answer for exactly `typed`, or undefined while it is on its way. */
  answer: readonly T[] | undefined;
  /** Records already loaded (the previous answer, the first page). */
  known: readonly (readonly T[] | undefined)[];
  /** The text a record is matched on locally (its name and the detail line). */
  textOf: (record: T) => string;
}): T[] {
  if (input.answer) return [...input.answer];
  const seen = new Set<string>();
  const out: T[] = [];
  for (const list of input.known) {
    for (const record of list ?? []) {
      if (seen.has(record.id) || !matchesText(input.textOf(record), input.typed)) continue;
      seen.add(record.id);
      out.push(record);
    }
  }
  return out;
}
