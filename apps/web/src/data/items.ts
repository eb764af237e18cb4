/** Items of the current site (API.md "Site records"; figures computed by the server). */
import type {
  Item,
  ItemCreate,
  ItemStats,
  ItemUpdate,
  StockMovement,
  StockReport,
  StockRow,
} from '@siteledger/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { recordsPath, useSiteId, type ListResult } from '../lib/site-records';
import { defineCollection } from './collection';
import { DETAIL_QUOTATIONS, useQuotationsFor } from './quotations';
import { useSiteQuery } from './site-query';

export const ITEMS = 'items';

/** Items with their tag records inlined (`expand=tags`), in lists and one by one. */
const items = defineCollection<Item, ItemCreate, ItemUpdate>(ITEMS, { expand: 'tags' });

export const useItems = items.useList;
export const useItem = items.useOne;
// Tags' usage counts change with an item's tags.
export const useCreateItem = items.useCreate;
export const useUpdateItem = items.useUpdate;
export const useDeleteItem = items.useDelete;

/**
 * GET …/items/{id}/stats: delivery history (newest first), price range and trend. Cached under
 * the items collection, so any write that refreshes items (a delivery, a return) refreshes it too.
 */
export const useItemStats = (id: string | undefined) => items.useSub<ItemStats>(id, 'stats');

export { DETAIL_QUOTATIONS };

/** The item's quotations, cheapest first, with the vendor inlined. */
export const useItemQuotations = (id: string | undefined) =>
  useQuotationsFor('item', id, DETAIL_QUOTATIONS);

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
  return useSiteQuery<StockReport, StockRow | null>({
    key: [ITEMS, 'stock-row', item?.id ?? '', item?.name ?? ''],
    path: ['stock'],
    query: { q: item?.name ?? '' },
    enabled: Boolean(item),
    pick: (report) => report.items.find((row) => row.item === item?.id) ?? null,
  });
}
