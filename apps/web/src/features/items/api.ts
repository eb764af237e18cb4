import type {
  Item,
  ItemCreate,
  ItemStats,
  ItemUpdate,
  Quotation,
  StockMovement,
  StockReport,
} from '@siteledger/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import {
  recordsPath,
  useCreateRecord,
  useDeleteRecord,
  useRecord,
  useRecordList,
  useSiteId,
  useUpdateRecord,
  type ListQuery,
  type ListResult,
} from '../../lib/site-records';

/** Items of the current site (API.md "Site records"; figures computed by the server). */
export const ITEMS = 'items';
const QUOTATIONS = 'quotations';

/** A page of items with their tag records inlined (`expand=tags`). */
export function useItems(query: ListQuery) {
  return useRecordList<Item>(ITEMS, { ...query, expand: 'tags' });
}

/** One item with its tags. */
export function useItem(id: string | undefined) {
  return useRecord<Item>(ITEMS, id, { expand: 'tags' });
}

/**
 * GET …/items/{id}/stats: delivery history (newest first), price range and trend. Cached under
 * the items collection, so any write that refreshes items (a delivery, a return) refreshes it too.
 */
export function useItemStats(id: string | undefined) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: [...queryKeys.records(siteId, ITEMS), 'stats', id ?? ''],
    queryFn: ({ signal }) =>
      api.get<ItemStats>(recordsPath(siteId, ITEMS, id ?? '', 'stats'), { signal }),
    enabled: Boolean(siteId && id),
    staleTime: 15_000,
  });
}

/** How many quotations the detail page shows (cheapest first). */
export const DETAIL_QUOTATIONS = 20;

/** The item's quotations, cheapest first, with the vendor inlined. */
export function useItemQuotations(id: string | undefined) {
  return useRecordList<Quotation>(
    QUOTATIONS,
    { item: id, sort: 'unit_price', expand: 'vendor', perPage: DETAIL_QUOTATIONS },
    { enabled: Boolean(id) },
  );
}

/** Movements per "load more" on the item's page. */
export const MOVEMENTS_PAGE = 20;

/**
 * GET …/stock_movements?item=: the item's stock ledger, newest first, a page at a time. Cached
 * under the items collection: every write that moves stock refreshes items.
 */
export function useItemMovements(id: string | undefined) {
  const siteId = useSiteId();
  return useInfiniteQuery({
    queryKey: [...queryKeys.records(siteId, ITEMS), 'movements', id ?? ''],
    queryFn: ({ pageParam, signal }) =>
      api.get<ListResult<StockMovement>>(recordsPath(siteId, 'stock_movements'), {
        query: { item: id ?? '', page: pageParam, perPage: MOVEMENTS_PAGE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    enabled: Boolean(siteId && id),
    staleTime: 15_000,
  });
}

/**
 * The item's row of GET …/stock (on hand, moving average cost, value): searched by its name,
 * picked by its id. Cached under the items collection, as its movements are.
 */
export function useItemStockRow(item: Pick<Item, 'id' | 'name'> | undefined) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: [...queryKeys.records(siteId, ITEMS), 'stock-row', item?.id ?? '', item?.name ?? ''],
    queryFn: async ({ signal }) => {
      const report = await api.get<StockReport>(recordsPath(siteId, 'stock'), {
        query: { q: item?.name ?? '' },
        signal,
      });
      return report.items.find((row) => row.item === item?.id) ?? null;
    },
    enabled: Boolean(siteId && item),
    staleTime: 15_000,
  });
}

// Tags' usage counts change with an item's tags.

export const useCreateItem = () => useCreateRecord<ItemCreate, Item>(ITEMS);
export const useUpdateItem = () => useUpdateRecord<ItemUpdate, Item>(ITEMS);
export const useDeleteItem = () => useDeleteRecord(ITEMS);
