/**
 * The site's own settings that Settings cards read and change (GET/PATCH /api/sites/{id}): each
 * card names the fields it shows; a save refreshes the site list and the site.
 */
import type { Site } from '@siteledger/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const sitePath = (siteId: string) => `/api/sites/${encodeURIComponent(siteId)}`;

export function useSiteSettings<T>(siteId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.site(siteId),
    queryFn: ({ signal }) => api.get<T>(sitePath(siteId), { signal }),
    enabled: Boolean(siteId) && enabled,
    staleTime: 60_000,
  });
}

export function useSaveSiteSettings<P>(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: P) => api.patch<Site>(sitePath(siteId), data),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sites, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.site(siteId), exact: true }),
      ]),
  });
}
