import type { Item, ItemCreate, ItemUpdate } from '@siteledger/domain';
import {
  useCreateRecord,
  useDeleteRecord,
  useRecordList,
  useUpdateRecord,
  type ListQuery,
} from '../../lib/site-records';

/** Items of the current site (API.md "Site records"; figures computed by the server). */
export const ITEMS = 'items';

/** A page of items with their tag records inlined (`expand=tags`). */
export function useItems(query: ListQuery) {
  return useRecordList<Item>(ITEMS, { ...query, expand: 'tags' });
}

// Tags' usage counts change with an item's tags.
const writes = { alsoInvalidate: ['tags'] } as const;

export const useCreateItem = () => useCreateRecord<ItemCreate, Item>(ITEMS, writes);
export const useUpdateItem = () => useUpdateRecord<ItemUpdate, Item>(ITEMS, writes);
export const useDeleteItem = () => useDeleteRecord(ITEMS, writes);
