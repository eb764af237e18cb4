/**
 * GET …/rate_variances (API.md "Material requests and purchase orders"): delivery lines billed at
 * another rate than their order's. Cached under the orders, so a delivery (which refreshes them)
 * refreshes these too.
 */
import type { RateVariance } from '@siteledger/domain';
import type { ListResult } from '../lib/site-records';
import { PURCHASE_ORDERS } from './purchase-orders';
import { useSiteQuery } from './site-query';

const PATH = ['rate_variances'];

/** One order's variances. */
export function useRateVariances(purchaseOrderId: string | undefined) {
  return useSiteQuery<ListResult<RateVariance>>({
    key: [PURCHASE_ORDERS, 'rate_variances', purchaseOrderId ?? ''],
    path: PATH,
    query: { purchase_order: purchaseOrderId ?? '', perPage: 200 },
    enabled: Boolean(purchaseOrderId),
  });
}

/** The site's variances (optionally one vendor's), a page at a time. */
export function useSiteRateVariances(query: { page: number; perPage: number; vendor: string }) {
  const params = { page: query.page, perPage: query.perPage, vendor: query.vendor || undefined };
  return useSiteQuery<ListResult<RateVariance>>({
    key: [PURCHASE_ORDERS, 'rate_variances', 'site', params],
    path: PATH,
    query: params,
    keepPrevious: true,
  });
}
