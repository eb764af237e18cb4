/**
 * Tag management (API.md "Site records": PATCH/DELETE …/tags/{id}). Items, services and vendors
 * show their tags' names and colours and filter by them, so a rename, a new colour or a deleted
 * tag refreshes their lists too. The pickers' reads and quick-create are lib/tags-api.ts.
 */
import type { Tag, TagUpdate } from '@siteledger/domain';
import { TAGS_COLLECTION } from '../lib/tags-api';
import { defineCollection } from './collection';

const tags = defineCollection<Tag, never, TagUpdate>(TAGS_COLLECTION);

export const useTagList = tags.useList;
export const useUpdateTag = tags.useUpdate;
export const useDeleteTag = tags.useDelete;
