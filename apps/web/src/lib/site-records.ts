/**
 * Generic TanStack Query hooks over `/api/sites/{siteId}/{collection}` (API.md "Site records").
 * The site id comes from the session; every hook is disabled while no site is selected. Screens
 * read a collection through its typed hooks in `data/<collection>.ts` (`defineCollection`), which
 * are built on these.
 *
 *   const list = useRecordList<Item>('items', { ...params.query, expand: 'tags' });
 *   list.data?.items · list.data?.totalPages · list.isPending · list.isError · list.isPlaceholderData
 *   const item = useRecord<Item>('items', id, { expand: 'tags' });
 *   const create = useCreateRecord<ItemCreate, Item>('items');   create.mutate(body, { onSuccess })
 *   const update = useUpdateRecord<ItemUpdate, Item>('items');   update.mutate({ id, data })
 *   const remove = useDeleteRecord('items');                     remove.mutate(id)
 *
 * Mutations invalidate the collection (all its lists and records), the dashboard and any
 * `alsoInvalidate` collections; what else the write changed the server names in its answer and
 * lib/write-effects.ts refreshes as it arrives. Their `meta` says whether they change the plan's
 * usage (lib/write-effects.ts).
 * Errors are ApiError (show `errorMessage(err, t)`); pass `toastErrors: true` to toast them too.
 */
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, type WriteToken } from './api-client';
import { queryKeys } from './query-keys';
import { useSession } from './session';
import { toast } from './toast-store';
import { collectionsToRefresh, refreshSiteCollections, writeMeta } from './write-effects';

/** API.md list result. */
export interface ListResult<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}

/** Query-string values for a list: page, perPage, sort, expand, q, from, to, <field>=. */
export type ListQuery = Record<string, string | number | boolean | null | undefined>;

/** `/api/sites/{siteId}/{collection}[/{id}[/{suffix}]]` with each part encoded. */
export function recordsPath(siteId: string, collection: string, id?: string, suffix?: string) {
  let path = `/api/sites/${encodeURIComponent(siteId)}/${collection}`;
  if (id) path += `/${encodeURIComponent(id)}`;
  if (suffix) path += `/${suffix}`;
  return path;
}

/** The current site id ('' when none; hooks below stay disabled then). */
export function useSiteId(): string {
  return useSession().siteId ?? '';
}

/** Drops empty values so equal queries share one cache entry. */
function cleanQuery(params: ListQuery): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') out[key] = value;
  }
  return out;
}

export interface QueryOptions {
  enabled?: boolean;
  staleTime?: number;
}

/** A page of a collection; keeps the previous page on screen while the next one loads. */
export function useRecordList<T>(
  collection: string,
  params: ListQuery,
  options: QueryOptions = {},
) {
  const siteId = useSiteId();
  const query = cleanQuery(params);
  return useQuery({
    queryKey: queryKeys.recordList(siteId, collection, query),
    queryFn: ({ signal }) =>
      api.get<ListResult<T>>(recordsPath(siteId, collection), { query, signal }),
    enabled: Boolean(siteId) && (options.enabled ?? true),
    placeholderData: keepPreviousData,
    staleTime: options.staleTime ?? 15_000,
  });
}

/** One record; `id` null/undefined/'' disables the query. */
export function useRecord<T>(
  collection: string,
  id: string | null | undefined,
  options: QueryOptions & { expand?: string } = {},
) {
  const siteId = useSiteId();
  const expand = options.expand ?? '';
  return useQuery({
    queryKey: queryKeys.record(siteId, collection, id ?? '', expand),
    queryFn: ({ signal }) =>
      api.get<T>(recordsPath(siteId, collection, id ?? ''), {
        query: expand ? { expand } : undefined,
        signal,
      }),
    enabled: Boolean(siteId && id) && (options.enabled ?? true),
    staleTime: options.staleTime ?? 15_000,
  });
}

export interface MutationOptions {
  /**
   * Collections this particular write refreshes beyond its own (what the server says the write
   * changed is refreshed anyway, lib/write-effects.ts).
   */
  alsoInvalidate?: readonly string[];
  /** Also show the error as a (persistent) toast. */
  toastErrors?: boolean;
}

/** What a write to `collection` refreshes itself: its own collection plus this write's extras. */
export function writeEffects(collection: string, extra: readonly string[] = []): string[] {
  return collectionsToRefresh(collection, extra);
}

/**
 * Invalidates a collection, the dashboard and the extra collections of a site, leaving those
 * `write`'s answer already refreshed (lib/write-effects.ts): each is fetched once. `write` is
 * the token the write's request was sent with (a mutation's function context).
 */
export async function invalidateRecords(
  queryClient: QueryClient,
  siteId: string,
  collections: readonly string[],
  write?: WriteToken,
): Promise<void> {
  await refreshSiteCollections(queryClient, siteId, collections, write);
}

function useMutationPlumbing(collection: string, options: MutationOptions) {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const collections = writeEffects(collection, options.alsoInvalidate);
  return {
    siteId,
    onSettled: (write: WriteToken) => invalidateRecords(queryClient, siteId, collections, write),
    onError: (error: unknown) => {
      if (options.toastErrors) toast.error(errorMessage(error, t));
    },
  };
}

/** POST /api/sites/{siteId}/{collection} → the created record (201). */
export function useCreateRecord<TIn, TOut>(collection: string, options: MutationOptions = {}) {
  const { siteId, onSettled, onError } = useMutationPlumbing(collection, options);
  const queryClient = useQueryClient();
  return useMutation({
    meta: writeMeta(collection, 'create'),
    mutationFn: (data: TIn, write) =>
      api.post<TOut>(recordsPath(siteId, collection), data, { write }),
    onSuccess: (created: TOut, _data, _context, write) => {
      // The new record is known at once (a picker that selects it shows its name without
      // waiting for a fetch of it, whatever the lists' refresh is doing meanwhile).
      const id = (created as { id?: unknown } | null)?.id;
      if (typeof id === 'string') {
        queryClient.setQueryData(queryKeys.record(siteId, collection, id), created);
      }
      return onSettled(write);
    },
    onError,
  });
}

/** PATCH /api/sites/{siteId}/{collection}/{id} with `{ id, data }` → the updated record. */
export function useUpdateRecord<TIn, TOut>(collection: string, options: MutationOptions = {}) {
  const { siteId, onSettled, onError } = useMutationPlumbing(collection, options);
  return useMutation({
    meta: writeMeta(collection, 'update'),
    mutationFn: ({ id, data }: { id: string; data: TIn }, write) =>
      api.patch<TOut>(recordsPath(siteId, collection, id), data, { write }),
    onSuccess: (_saved, _data, _context, write) => onSettled(write),
    onError,
  });
}

/** DELETE /api/sites/{siteId}/{collection}/{id} (204). */
export function useDeleteRecord(collection: string, options: MutationOptions = {}) {
  const { siteId, onSettled, onError } = useMutationPlumbing(collection, options);
  const queryClient = useQueryClient();
  return useMutation({
    meta: writeMeta(collection, 'delete'),
    mutationFn: (id: string, write) =>
      api.delete<void>(recordsPath(siteId, collection, id), { write }),
    onSuccess: (_result, id, _context, write) => {
      // The record is gone: drop its cached detail instead of refetching a 404.
      queryClient.removeQueries({
        queryKey: [...queryKeys.records(siteId, collection), 'detail', id],
      });
      return onSettled(write);
    },
    onError,
  });
}
