/**
 * The site's tags (API.md: GET/POST /api/sites/{siteId}/tags; sorted by usage then name).
 *
 *   const tags = useTags('item_category');        // tags.data: Tag[] (up to 500 of that type)
 *   const byId = useTagMap('item_category');      // Map<id, Tag> for chips
 *   const create = useCreateTag();                // create.mutateAsync({ name, type }) → Tag (201 new / 200 existing)
 */
import type { Tag, TagCreate, TagType } from '@siteledger/domain';
import { useQueryClient, useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from './api-client';
import { invalidateRecords, recordsPath, useRecordList, useSiteId } from './site-records';

export const TAGS_COLLECTION = 'tags';
const MAX_TAGS = 500;

export function useTags(type?: TagType, options: { enabled?: boolean } = {}) {
  const list = useRecordList<Tag>(
    TAGS_COLLECTION,
    { type, perPage: MAX_TAGS },
    { staleTime: 60_000, enabled: options.enabled ?? true },
  );
  return { ...list, data: list.data?.items };
}

export function useTagMap(type?: TagType): Map<string, Tag> {
  const { data } = useTags(type);
  return useMemo(() => new Map((data ?? []).map((tag) => [tag.id, tag])), [data]);
}

export function useCreateTag() {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: Pick<TagCreate, 'name'> & Partial<Pick<TagCreate, 'type' | 'color'>>,
      write,
    ) => api.post<Tag>(recordsPath(siteId, TAGS_COLLECTION), input, { write }),
    onSuccess: (_tag, _input, _context, write) =>
      invalidateRecords(queryClient, siteId, [TAGS_COLLECTION], write),
  });
}
