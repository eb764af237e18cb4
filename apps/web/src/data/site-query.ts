/**
 * A read of the current site that is not a plain list or record (stats, payables, stock, reports),
 * cached under a key of the site: `['sites', siteId, ...key]`. Put under a collection's key (e.g.
 * `['items', 'stats', id]`) or the dashboard's, every write that refreshes that collection (or
 * the dashboard) refreshes it too (lib/write-effects.ts).
 *
 *   useSiteQuery<ItemStats>({ key: ['items', 'stats', id], path: ['items', id, 'stats'], enabled: Boolean(id) })
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { useSiteId } from '../lib/site-records';

export interface SiteQuerySpec<TAnswer, TData> {
  /** The key after `['sites', siteId]`. */
  key: readonly unknown[];
  /** The path after `/api/sites/{siteId}/`, a part a segment (each encoded). */
  path: readonly string[];
  query?: RequestOptions['query'];
  enabled?: boolean;
  /** 15 s unless told. */
  staleTime?: number;
  /** Another page, date or period keeps the last one on screen (dimmed) until it arrives. */
  keepPrevious?: boolean;
  /** What of the answer is kept (the cache holds this, not the answer). */
  pick?: (answer: TAnswer) => TData;
}

/** `/api/sites/{siteId}/a/b`: each part encoded, empty parts left out. */
export function sitePath(siteId: string, path: readonly string[]): string {
  const parts = [siteId, ...path.filter(Boolean)].map(encodeURIComponent);
  return `/api/sites/${parts.join('/')}`;
}

export function useSiteQuery<TAnswer, TData = TAnswer>(spec: SiteQuerySpec<TAnswer, TData>) {
  const siteId = useSiteId();
  const { pick, query } = spec;
  return useQuery({
    queryKey: queryKeys.siteQuery(siteId, spec.key),
    queryFn: async ({ signal }): Promise<TData> => {
      const answer = await api.get<TAnswer>(sitePath(siteId, spec.path), { query, signal });
      return pick ? pick(answer) : (answer as unknown as TData);
    },
    enabled: Boolean(siteId) && (spec.enabled ?? true),
    staleTime: spec.staleTime ?? 15_000,
    placeholderData: spec.keepPrevious ? keepPreviousData : undefined,
  });
}
