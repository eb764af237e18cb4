import type {
  MaterialRequest,
  PurchaseOrder,
  PurchaseOrderCreate,
  PurchaseOrderUpdate,
  RateVariance,
} from '@siteledger/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { fetchDownload, type DownloadedFile } from '../../lib/downloads';
import { queryKeys } from '../../lib/query-keys';
import {
  invalidateRecords,
  recordsPath,
  useCreateRecord,
  useDeleteRecord,
  useRecord,
  useRecordList,
  useSiteId,
  useUpdateRecord,
  writeEffects,
  type ListQuery,
  type ListResult,
} from '../../lib/site-records';

/** Purchase orders of the current site (API.md "Material requests and purchase orders"). */
export const PURCHASE_ORDERS = 'purchase_orders';
const MATERIAL_REQUESTS = 'material_requests';

/** What an order's write or action changes beyond the orders (the request's ordered quantities…). */
const ALSO = [MATERIAL_REQUESTS, 'deliveries'] as const;

/** A page of purchase orders with the vendor inlined. */
export function usePurchaseOrders(query: ListQuery) {
  return useRecordList<PurchaseOrder>(PURCHASE_ORDERS, { ...query, expand: 'vendor' });
}

/** One purchase order with its lines and vendor. */
export function usePurchaseOrder(id: string | undefined) {
  return useRecord<PurchaseOrder>(PURCHASE_ORDERS, id, { expand: 'vendor' });
}

export const useCreatePurchaseOrder = () =>
  useCreateRecord<PurchaseOrderCreate, PurchaseOrder>(PURCHASE_ORDERS, { alsoInvalidate: ALSO });
export const useUpdatePurchaseOrder = () =>
  useUpdateRecord<PurchaseOrderUpdate, PurchaseOrder>(PURCHASE_ORDERS, { alsoInvalidate: ALSO });
export const useDeletePurchaseOrder = () =>
  useDeleteRecord(PURCHASE_ORDERS, { alsoInvalidate: ALSO });

export type PurchaseOrderStep = 'issue' | 'cancel' | 'close';

/** POST …/purchase_orders/{id}/issue|cancel|close → the updated order (errors: the caller shows them). */
export function usePurchaseOrderAction() {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: PurchaseOrderStep }) =>
      api.post<PurchaseOrder>(recordsPath(siteId, PURCHASE_ORDERS, id, action)),
    onSuccess: () => invalidateRecords(queryClient, siteId, writeEffects(PURCHASE_ORDERS, ALSO)),
  });
}

/** GET …/purchase_orders/{id}/pdf: the order as the vendor receives it. */
export function useFetchPurchaseOrderPdf() {
  const siteId = useSiteId();
  return (order: Pick<PurchaseOrder, 'id' | 'number'>): Promise<DownloadedFile> =>
    fetchDownload(
      recordsPath(siteId, PURCHASE_ORDERS, order.id, 'pdf'),
      {},
      `${(order.number ?? 'purchase-order-draft').replace(/[/\\]/g, '-')}.pdf`,
    );
}

/**
 * GET …/rate_variances?purchase_order=: delivery lines billed at another rate than the order's.
 * Cached under the orders, so a delivery (which refreshes them) refreshes it too.
 */
export function useRateVariances(purchaseOrderId: string | undefined) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: [
      ...queryKeys.records(siteId, PURCHASE_ORDERS),
      'rate_variances',
      purchaseOrderId ?? '',
    ],
    queryFn: ({ signal }) =>
      api.get<ListResult<RateVariance>>(`/api/sites/${encodeURIComponent(siteId)}/rate_variances`, {
        query: { purchase_order: purchaseOrderId ?? '', perPage: 200 },
        signal,
      }),
    enabled: Boolean(siteId && purchaseOrderId),
    staleTime: 15_000,
  });
}

/** The material request an order is prefilled from (`?fromRequest=`), read only. */
export function useMaterialRequest(id: string | null | undefined) {
  return useRecord<MaterialRequest>(MATERIAL_REQUESTS, id);
}
