import type { Site } from '@siteledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';

/**
 * The current site's GST profile (GET /api/sites/{id}, the record the dashboard header reads and a
 * site change refreshes): its state is a bill's default place of supply.
 */
export function useSiteGst(): Pick<Site, 'gstin' | 'state_code' | 'input_tax_mode'> | undefined {
  const { siteId } = useSession();
  return useQuery({
    queryKey: queryKeys.site(siteId ?? ''),
    queryFn: ({ signal }) =>
      api.get<Site>(`/api/sites/${encodeURIComponent(siteId ?? '')}`, { signal }),
    enabled: Boolean(siteId),
    staleTime: 60_000,
  }).data;
}
