import type { Tag, TagUpdate } from '@siteledger/domain';
import {
  useDeleteRecord,
  useRecordList,
  useUpdateRecord,
  type ListQuery,
} from '../../lib/site-records';
import { TAGS_COLLECTION } from '../../lib/tags-api';

/**
 * Tag management (API.md "Site records": PATCH/DELETE …/tags/{id}). Items, services and vendors
 * show their tags' names and colours and filter by them, so a rename, a new colour or a deleted
 * tag refreshes their lists too.
 */

export function useTagList(query: ListQuery) {
  return useRecordList<Tag>(TAGS_COLLECTION, query);
}

export const useUpdateTag = () => useUpdateRecord<TagUpdate, Tag>(TAGS_COLLECTION);
export const useDeleteTag = () => useDeleteRecord(TAGS_COLLECTION);
