import type { Dashboard, StockReport } from '@siteledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useRecordList } from '../../lib/site-records';

// The dashboard's lists are the collections' own queries (data/).
export { useSiteDetails, type SiteDetails } from '../../data/sites';
export { useWaitingRequests } from '../../data/material-requests';
export { usePendingDeliveries } from '../../data/purchase-orders';
export { useIncomingTransfers } from '../../data/stock';

/**
 * The six money cards of spec part 2 (rupees, from GET …/dashboard); TDS, retention and labour
 * have cards of their own.
 */
export type DashboardFigure = Extract<
  keyof Dashboard,
  | 'total_expenses'
  | 'current_month_expenses'
  | 'expense_per_sqft'
  | 'outstanding_amount'
  | 'payments_last_7_days'
  | 'total_paid'
>;

/**
 * GET /api/sites/{siteId}/dashboard: six figures in rupees, `as_of` and the last 12 months
 * (oldest first). Errors surface (the page shows them with a retry) instead of showing zeros.
 */
export function useDashboard(siteId: string) {
  return useQuery({
    queryKey: queryKeys.dashboard(siteId),
    queryFn: ({ signal }) =>
      api.get<Dashboard>(`/api/sites/${encodeURIComponent(siteId)}/dashboard`, { signal }),
    enabled: Boolean(siteId),
    staleTime: 30_000,
  });
}

/**
 * Items below their minimum stock level (GET …/stock?low=1, lowest first as the server orders
 * them). Kept under the dashboard's key, so every write and live update refreshes it.
 */
export function useLowStock(siteId: string) {
  return useQuery({
    queryKey: [...queryKeys.dashboard(siteId), 'stock', 'low'] as const,
    queryFn: ({ signal }) =>
      api.get<StockReport>(`/api/sites/${encodeURIComponent(siteId)}/stock`, {
        query: { low: '1' },
        signal,
      }),
    enabled: Boolean(siteId),
    staleTime: 30_000,
  });
}

/** A site's first records, as the "Set up your site" steps ask for them. */
export type SetupStep = 'items' | 'vendors' | 'deliveries' | 'payments';

/** Which of the steps already have a record (one row of each list is enough); null while loading. */
export function useSetupDone(steps: readonly SetupStep[]): ReadonlySet<SetupStep> | null {
  const one = { perPage: 1 };
  const lists = {
    items: useRecordList('items', one, { enabled: steps.includes('items') }),
    vendors: useRecordList('vendors', one, { enabled: steps.includes('vendors') }),
    deliveries: useRecordList('deliveries', one, { enabled: steps.includes('deliveries') }),
    payments: useRecordList('payments', one, { enabled: steps.includes('payments') }),
  };
  if (steps.some((step) => !lists[step].data)) return null;
  return new Set(steps.filter((step) => (lists[step].data?.totalItems ?? 0) > 0));
}
