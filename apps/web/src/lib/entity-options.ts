/**
 * The site's vendors, items, services and accounts for pickers and filters: one generic hook per
 * kind of picker, one thin hook per entity (issue 21; issue 22 "pickers search on the server").
 *
 *   const vendors = useVendorOptions({ search: typed, selectedIds: [value] });
 *   vendors.options · vendors.byId(value)?.name · vendors.isLoading
 *   const all = useAccountList();  // a native <select>: all.options ({ value, label }), all.byId
 *
 * A searchable picker asks the server for a small page (`q` = what was typed, debounced) and
 * resolves the records already chosen, so a chosen vendor that is not on the page still shows its
 * name. Query keys are the collections' list and record keys (lib/query-keys.ts): a write's
 * refresh (lib/write-effects.ts) refreshes the pickers as well.
 */
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api } from './api-client';
import {
  PICKER_PAGE,
  PICKER_STALE_MS,
  SEARCH_DEBOUNCE_MS,
  WHOLE_LIST,
  createDebouncer,
  pickerParams,
  pickerQuery,
  shownRecords,
  type EntityCollection,
  type EntityTypes,
} from './entity-search';
import { queryKeys } from './query-keys';
import { recordsPath, useSiteId, type ListQuery, type ListResult } from './site-records';

export type { EntityCollection, EntityTypes } from './entity-search';

/** The text a record is matched on while the server's answer is on its way (as `q` would). */
function localText(record: EntityTypes[EntityCollection]): string {
  if ('company_name' in record) {
    return [record.name, record.company_name, record.contact_person, record.phone, record.gstin]
      .filter(Boolean)
      .join(' ');
  }
  return record.name;
}

/** `value` once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const [debouncer] = useState(() => createDebouncer<T>(ms, setSettled));
  useEffect(() => {
    debouncer.push(value);
  }, [debouncer, value]);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  return settled;
}

/** Every list of `collection` this tab holds (pickers' pages, whole lists, restored ones). */
function cachedLists<C extends EntityCollection>(
  client: QueryClient,
  siteId: string,
  collection: C,
): { items: EntityTypes[C][]; updatedAt: number }[] {
  return client
    .getQueryCache()
    .findAll({ queryKey: [...queryKeys.records(siteId, collection), 'list'] })
    .flatMap((query) => {
      const data = query.state.data as ListResult<EntityTypes[C]> | undefined;
      return data ? [{ items: data.items, updatedAt: query.state.dataUpdatedAt }] : [];
    });
}

/** A record of `collection` in any list already cached (no request needed to name it). */
function cachedRecord<C extends EntityCollection>(
  client: QueryClient,
  siteId: string,
  collection: C,
  id: string,
): { record: EntityTypes[C]; updatedAt: number } | undefined {
  for (const list of cachedLists(client, siteId, collection)) {
    const record = list.items.find((item) => item.id === id);
    if (record) return { record, updatedAt: list.updatedAt };
  }
  return undefined;
}

/** Records by id: from a cached list when there, else GET …/{collection}/{id} (one each). */
export function useEntityRecords<C extends EntityCollection>(
  collection: C,
  ids: readonly (string | null | undefined)[],
  enabled = true,
): EntityTypes[C][] {
  const siteId = useSiteId();
  const client = useQueryClient();
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  return useQueries({
    queries: unique.map((id) => ({
      queryKey: queryKeys.record(siteId, collection, id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<EntityTypes[C]>(recordsPath(siteId, collection, id), { signal }),
      enabled: Boolean(siteId) && enabled,
      staleTime: PICKER_STALE_MS,
      initialData: () => cachedRecord(client, siteId, collection, id)?.record,
      initialDataUpdatedAt: () => cachedRecord(client, siteId, collection, id)?.updatedAt,
    })),
    combine: (results) =>
      results.flatMap((result) => (result.data === undefined ? [] : [result.data])),
  });
}

export interface EntityOptionsInput {
  /** What the person typed (debounced here before the server is asked). */
  search?: string;
  /** Chosen ids whose records must be at hand even when not on the page. */
  selectedIds?: readonly (string | null | undefined)[];
  /** Off: no list is fetched (e.g. a filter until it is opened); chosen ids still are. */
  enabled?: boolean;
  /** Equality filters of the list (e.g. `{ is_active: true }`). */
  filters?: ListQuery;
}

/** A searchable picker's records: a small page for what was typed, plus the chosen ones. */
export function useEntityOptions<C extends EntityCollection>(
  collection: C,
  { search = '', selectedIds = [], enabled = true, filters = {} }: EntityOptionsInput = {},
) {
  const siteId = useSiteId();
  const client = useQueryClient();
  const typed = search.trim();
  // Cleared text needs no pause: the first page is at hand.
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const settled = typed ? debounced : '';
  const on = Boolean(siteId) && enabled;
  const unfiltered = Object.values(filters).every((value) => value === undefined || value === '');
  const first = useQuery({
    ...pickerQuery(siteId, collection, pickerParams('', PICKER_PAGE, filters)),
    enabled: on,
  });
  const current = useQuery({
    ...pickerQuery(siteId, collection, pickerParams(settled, PICKER_PAGE, filters)),
    enabled: on,
    placeholderData: keepPreviousData,
  });
  // Named even while the list is off (a filter set from the URL shows its vendor's name).
  const chosen = useEntityRecords(collection, selectedIds);
  const answered = typed === settled && current.data !== undefined && !current.isPlaceholderData;
  const answer = answered ? current.data?.items : undefined;
  // Until the server answers (or while offline), what this tab already holds that matches.
  const options = useMemo(
    () =>
      shownRecords({
        typed,
        answer,
        known: answer
          ? []
          : [
              current.data?.items,
              first.data?.items,
              // Other lists may hold records this picker's filters leave out.
              ...(unfiltered ? cachedLists(client, siteId, collection) : []).map(
                (list) => list.items,
              ),
            ],
        textOf: localText,
      }).slice(0, answer ? undefined : PICKER_PAGE),
    [typed, answer, current.data, first.data, client, siteId, collection, unfiltered],
  );
  // Chosen, listed, or in any list of the collection this tab has loaded (e.g. a vendor just
  // picked, read when the form is sent).
  const byId = (id: string | null | undefined): EntityTypes[C] | undefined =>
    id
      ? (chosen.find((record) => record.id === id) ??
        options.find((record) => record.id === id) ??
        client.getQueryData<EntityTypes[C]>(queryKeys.record(siteId, collection, id)) ??
        cachedRecord(client, siteId, collection, id)?.record)
      : undefined;
  return {
    /** The records to list for what was typed. */
    options,
    /** A chosen or listed record by id. */
    byId,
    /** The first page has not arrived yet. */
    isPending: first.isPending,
    /** The server's answer for the typed text is still on its way. */
    isLoading: on && !answered && (typed !== settled || current.isFetching),
    isError: current.isError,
  };
}

/** A record as a choice by its name: `{ value: id, label: name }`. */
export function nameOption(record: { id: string; name: string }): { value: string; label: string } {
  return { value: record.id, label: record.name };
}

export interface EntityListInput {
  enabled?: boolean;
  filters?: ListQuery;
}

/**
 * The whole list, for a native <select> (it cannot search as the person types). Only for
 * accounts, which a site has few of; vendors, items and services can run to thousands and are
 * picked with the searching picker (components/pickers/entity-picker.tsx).
 */
export function useEntityList<C extends EntityCollection>(
  collection: C,
  { enabled = true, filters = {} }: EntityListInput = {},
) {
  const siteId = useSiteId();
  const list = useQuery({
    ...pickerQuery(siteId, collection, pickerParams('', WHOLE_LIST, filters)),
    enabled: Boolean(siteId) && enabled,
  });
  const data = list.data;
  return useMemo(() => {
    const records: EntityTypes[C][] = data?.items ?? [];
    return {
      records,
      /** The records, undefined until they have arrived. */
      data: data?.items,
      /** `{ value: id, label: name }` for SelectField / FilterSelect. */
      options: records.map(nameOption),
      byId: (id: string | null | undefined) => records.find((record) => record.id === id),
      isPending: list.isPending,
      isError: list.isError,
    };
  }, [data, list.isPending, list.isError]);
}

export const useVendorOptions = (input?: EntityOptionsInput) => useEntityOptions('vendors', input);
export const useItemOptions = (input?: EntityOptionsInput) => useEntityOptions('items', input);
export const useServiceOptions = (input?: EntityOptionsInput) =>
  useEntityOptions('services', input);

/** The filter of accounts money can move through now (`useAccountList({ filters: ACTIVE_ONLY })`). */
export const ACTIVE_ONLY = { is_active: true } as const;

export const useAccountList = (input?: EntityListInput) => useEntityList('accounts', input);
