/** Work orders, their RA bills and payments, and the vendor whose TDS rate a bill estimates. */
import type { RetentionReport } from '@siteledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useSiteId } from '../../lib/site-records';

export * from '../../data/work-orders';
export { useVendor } from '../../data/vendors';

/**
 * GET …/reports/retention: what each work order holds and when it falls due. Under the
 * dashboard's key, as the TDS register: any write to the site (a final bill, a release) refreshes it.
 */
export function useRetentionReport(enabled = true) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: [...queryKeys.dashboard(siteId), 'retention'] as const,
    queryFn: ({ signal }) =>
      api.get<RetentionReport>(`/api/sites/${encodeURIComponent(siteId)}/reports/retention`, {
        signal,
      }),
    enabled: enabled && Boolean(siteId),
  });
}
