/**
 * List state in the URL (page, perPage, sort, q, from, to and named filters), so back/forward and
 * reload keep it. Values equal to the defaults stay out of the URL. Any change of search, sort,
 * filter or date range goes back to page 1. Typing in the search box is debounced (300 ms).
 *
 *   const list = useListParams({ sort: 'name', filters: ['unit', 'tag'] });
 *   const items = useRecordList<Item>('items', { ...list.query, expand: 'tags' });
 *   <ListToolbar search={list.search} onSearchChange={list.setSearch} … />
 *   list.filters.unit · list.setFilter('unit', 'bag') · list.toggleSort('name') · list.clearFilters()
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export const PER_PAGE_OPTIONS = [30, 50, 100] as const;
export const DEFAULT_PER_PAGE = 30;
const SEARCH_DEBOUNCE_MS = 300;

export interface ListParamsDefaults {
  /** Default sort, e.g. '-delivery_date' (kept out of the URL when unchanged). */
  sort?: string;
  perPage?: number;
  /** Names of the equality filters this list offers, e.g. ['vendor', 'status']. */
  filters?: readonly string[];
  /**
   * A link that opens the page's form (useUrlOpener): while `trigger` is in the address, `params`
   * belong to the form, not to the list. They leave the address a render later; read as filters
   * they would load the list filtered and then whole, the page moving under the form.
   */
  opener?: { trigger: string; params: readonly string[] };
}

export interface ListParams {
  page: number;
  perPage: number;
  sort: string;
  /** The committed (debounced) search text sent as `q`. */
  q: string;
  /** What the search box shows right now. */
  search: string;
  from: string;
  to: string;
  filters: Record<string, string>;
  /** True when search, a filter or a date bound is set. */
  hasFilters: boolean;
  /** Ready for useRecordList: page, perPage, sort, q, from, to and the filters. */
  query: Record<string, string | number | undefined>;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  setSort: (sort: string) => void;
  /** `key` ⇄ `-key`; another column starts with `firstDirection` (default asc). */
  toggleSort: (key: string, firstDirection?: 'asc' | 'desc') => void;
  setSearch: (text: string) => void;
  setFrom: (date: string) => void;
  setTo: (date: string) => void;
  setFilter: (name: string, value: string) => void;
  clearFilters: () => void;
}

function positiveInt(raw: string | null, fallback: number): number {
  const value = raw ? Number.parseInt(raw, 10) : Number.NaN;
  return Number.isFinite(value) && value >= 1 ? value : fallback;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function useListParams(defaults: ListParamsDefaults = {}): ListParams {
  const [searchParams, setSearchParams] = useSearchParams();
  const defaultSort = defaults.sort ?? '';
  const defaultPerPage = defaults.perPage ?? DEFAULT_PER_PAGE;
  const filterNames = useMemo(() => defaults.filters ?? [], [defaults.filters]);
  const filterKey = filterNames.join(',');

  const page = positiveInt(searchParams.get('page'), 1);
  const perPage = Math.min(500, positiveInt(searchParams.get('perPage'), defaultPerPage));
  const sort = searchParams.get('sort') ?? defaultSort;
  const q = searchParams.get('q') ?? '';
  const fromRaw = searchParams.get('from') ?? '';
  const toRaw = searchParams.get('to') ?? '';
  const from = DATE.test(fromRaw) ? fromRaw : '';
  const to = DATE.test(toRaw) ? toRaw : '';
  const opening = defaults.opener && searchParams.has(defaults.opener.trigger);
  const filtersString = filterNames
    .map((name) =>
      opening && defaults.opener?.params.includes(name)
        ? `${name}=`
        : `${name}=${searchParams.get(name) ?? ''}`,
    )
    .join('&');
  const filters = useMemo(() => {
    const out: Record<string, string> = {};
    for (const pair of filtersString.split('&')) {
      const [name, ...rest] = pair.split('=');
      if (name) out[name] = rest.join('=');
    }
    return out;
  }, [filtersString]);

  // React Router hands the updater the parameters of the last render, not of the last call:
  // two changes before a re-render (two filters picked quickly) would lose the first. The
  // parameters written but not yet rendered are kept here and built upon.
  const unrendered = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    unrendered.current = null;
  }, [searchParams]);

  /** Applies changes (null or '' removes a key); resetPage sends the list back to page 1. */
  const update = useCallback(
    (
      changes: Record<string, string | number | null>,
      { resetPage = true, replace = false } = {},
    ) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(unrendered.current ?? current);
          for (const [key, value] of Object.entries(changes)) {
            const isDefault =
              (key === 'sort' && value === defaultSort) ||
              (key === 'perPage' && value === defaultPerPage) ||
              (key === 'page' && value === 1);
            if (value === null || value === '' || isDefault) next.delete(key);
            else next.set(key, String(value));
          }
          if (resetPage && !('page' in changes)) next.delete('page');
          unrendered.current = next;
          return next;
        },
        { replace },
      );
    },
    [setSearchParams, defaultSort, defaultPerPage],
  );

  // The search box: local text, committed to `q` after a pause; follows `q` on back/forward.
  const [search, setSearchText] = useState(q);
  const committed = useRef(q);
  useEffect(() => {
    if (q !== committed.current) {
      committed.current = q;
      setSearchText(q);
    }
  }, [q]);
  useEffect(() => {
    const text = search.trim();
    if (text === committed.current) return undefined;
    const timer = setTimeout(() => {
      committed.current = text;
      update({ q: text }, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, update]);

  const setPage = useCallback((value: number) => update({ page: Math.max(1, value) }), [update]);
  const setPerPage = useCallback((value: number) => update({ perPage: value }), [update]);
  const setSort = useCallback((value: string) => update({ sort: value }), [update]);
  const toggleSort = useCallback(
    (key: string, firstDirection: 'asc' | 'desc' = 'asc') => {
      const next =
        sort === key
          ? `-${key}`
          : sort === `-${key}`
            ? key
            : firstDirection === 'asc'
              ? key
              : `-${key}`;
      update({ sort: next });
    },
    [sort, update],
  );
  const setFrom = useCallback((value: string) => update({ from: value }), [update]);
  const setTo = useCallback((value: string) => update({ to: value }), [update]);
  const setFilter = useCallback(
    (name: string, value: string) => update({ [name]: value }),
    [update],
  );
  const clearFilters = useCallback(() => {
    const changes: Record<string, null> = { q: null, from: null, to: null };
    for (const name of filterKey.split(',').filter(Boolean)) changes[name] = null;
    committed.current = '';
    setSearchText('');
    update(changes);
  }, [filterKey, update]);

  const hasFilters =
    Boolean(q || search.trim() || from || to) || Object.values(filters).some(Boolean);

  const query = useMemo(() => {
    const out: Record<string, string | number | undefined> = {
      page,
      perPage,
      sort: sort || undefined,
      q: q || undefined,
      from: from || undefined,
      to: to || undefined,
    };
    for (const [name, value] of Object.entries(filters)) if (value) out[name] = value;
    return out;
  }, [page, perPage, sort, q, from, to, filters]);

  return {
    page,
    perPage,
    sort,
    q,
    search,
    from,
    to,
    filters,
    hasFilters,
    query,
    setPage,
    setPerPage,
    setSort,
    toggleSort,
    setSearch: setSearchText,
    setFrom,
    setTo,
    setFilter,
    clearFilters,
  };
}
