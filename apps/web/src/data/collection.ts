/**
 * The one factory every collection's hooks come from (data/<collection>.ts), over the generic
 * site-record hooks of lib/site-records.ts. A collection names its default expands and what its
 * writes refresh once; its list, record and write hooks follow from that:
 *
 *   const vendors = defineCollection<Vendor, VendorCreate, VendorUpdate>('vendors', { expand: 'tags' });
 *   vendors.useList(query) · vendors.useWhere({ vendor }, { enabled }) · vendors.useOne(id)
 *   vendors.useCreate() · vendors.useUpdate() · vendors.useDelete()
 *   useCreateDelivery = queuedCreate<Delivery, DeliveryCreate>('deliveries')  (works offline)
 *
 * Query keys are the generic hooks' (lib/query-keys.ts), so caching and refreshes are the same
 * whichever screen asks.
 */
import { useQueuedCreate, type QueuedCreateOptions } from '../lib/offline-queue-hooks';
import type { QueuedCollection } from '../lib/offline-queue';
import type { RequestOptions } from '../lib/api-client';
import {
  useCreateRecord,
  useDeleteRecord,
  useRecord,
  useRecordList,
  useUpdateRecord,
  type ListQuery,
  type MutationOptions,
  type QueryOptions,
} from '../lib/site-records';
import { useSiteQuery } from './site-query';

export interface CollectionSpec {
  /** What lists inline (`expand=`), e.g. the vendor of each row. */
  expand?: string;
  /** What one record inlines; the list's expand when left out. */
  detailExpand?: string;
  /** Collections every write of this one refreshes beyond itself (lib/site-records.ts). */
  alsoInvalidate?: readonly string[];
}

export interface SubQueryOptions {
  query?: RequestOptions['query'];
  /** Key parts after `[collection, suffix, id]` (what else tells two answers apart). */
  key?: readonly unknown[];
  enabled?: boolean;
  staleTime?: number;
}

export function defineCollection<T, TCreate = never, TUpdate = never>(
  name: string,
  spec: CollectionSpec = {},
) {
  const writes: MutationOptions = spec.alsoInvalidate
    ? { alsoInvalidate: spec.alsoInvalidate }
    : {};
  const detailExpand = spec.detailExpand ?? spec.expand;
  return {
    name,
    /** A page of the collection with its default expand. */
    useList: (query: ListQuery, options?: QueryOptions) =>
      useRecordList<T>(name, spec.expand ? { ...query, expand: spec.expand } : query, options),
    /** A page exactly as asked (no default expand): another screen's filtered view. */
    useWhere: (query: ListQuery, options?: QueryOptions) => useRecordList<T>(name, query, options),
    /** One record with the detail expand; `id` empty disables it. */
    useOne: (id: string | null | undefined, options: QueryOptions & { expand?: string } = {}) =>
      useRecord<T>(name, id, detailExpand ? { expand: detailExpand, ...options } : options),
    useCreate: (options: MutationOptions = {}) =>
      useCreateRecord<TCreate, T>(name, { ...writes, ...options }),
    useUpdate: () => useUpdateRecord<TUpdate, T>(name, writes),
    useDelete: () => useDeleteRecord(name, writes),
    /**
     * GET …/{collection}/{id}/{suffix} (stats, payables, advances…), cached under the collection
     * (`[collection, suffix, id, ...key]`): every write that refreshes the collection refreshes it.
     */
    useSub: <R>(id: string | null | undefined, suffix: string, options: SubQueryOptions = {}) =>
      useSiteQuery<R>({
        key: [name, suffix, id ?? '', ...(options.key ?? [])],
        path: [name, id ?? '', suffix],
        query: options.query,
        enabled: Boolean(id) && (options.enabled ?? true),
        staleTime: options.staleTime,
      }),
  };
}

/** A create kept in the offline queue when there is no connection (lib/offline-queue-hooks.ts). */
export function queuedCreate<T, TCreate>(name: QueuedCollection) {
  return (options: QueuedCreateOptions<TCreate> = {}) => useQueuedCreate<TCreate, T>(name, options);
}
