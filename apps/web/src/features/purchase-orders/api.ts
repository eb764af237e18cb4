import type {
  MaterialRequest,
  Payment,
  PurchaseOrder,
  PurchaseOrderAdvanceCreate,
  PurchaseOrderAdvances,
  PurchaseOrderCreate,
  PurchaseOrderUpdate,
  Quotation,
  RateVariance,
} from '@siteledger/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/**
 * The PDF's address with `inline=1`: "Open PDF" opens it in a new tab (the session cookie goes with
 * the navigation) instead of downloading it (issue 38).
 */
export function usePurchaseOrderPdfUrl() {
  const siteId = useSiteId();
  return (order: Pick<PurchaseOrder, 'id'>): string =>
    `${recordsPath(siteId, PURCHASE_ORDERS, order.id, 'pdf')}?inline=1`;
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

/** What setting a payment aside for an order (or taking it back) changes. */
const ADVANCE_EFFECTS = ['payments', 'deliveries'] as const;

/** GET …/purchase_orders/{id}/advances (financial roles): the payments set aside for the order. */
export function usePurchaseOrderAdvances(orderId: string, enabled: boolean) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: [...queryKeys.records(siteId, PURCHASE_ORDERS), 'advances', orderId],
    queryFn: ({ signal }) =>
      api.get<PurchaseOrderAdvances>(recordsPath(siteId, PURCHASE_ORDERS, orderId, 'advances'), {
        signal,
      }),
    enabled: Boolean(siteId && orderId) && enabled,
    staleTime: 15_000,
  });
}

/** The vendor's latest payments (the caller keeps those with an unallocated remainder). */
export function useVendorPayments(vendorId: string, enabled: boolean) {
  return useRecordList<Payment>('payments', { vendor: vendorId, perPage: 50 }, { enabled });
}

/** POST …/advances `{ payment }` / DELETE …/advances/{payment} (errors: the caller shows them). */
export function usePurchaseOrderAdvanceWrite(orderId: string) {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  const onSuccess = () =>
    invalidateRecords(queryClient, siteId, writeEffects(PURCHASE_ORDERS, ADVANCE_EFFECTS));
  const add = useMutation({
    mutationFn: (body: PurchaseOrderAdvanceCreate) =>
      api.post<PurchaseOrderAdvances>(
        recordsPath(siteId, PURCHASE_ORDERS, orderId, 'advances'),
        body,
      ),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (paymentId: string) =>
      api.delete<void>(
        recordsPath(siteId, PURCHASE_ORDERS, orderId, `advances/${encodeURIComponent(paymentId)}`),
      ),
    onSuccess,
  });
  return { add, remove };
}

/**
 * GET …/rate_variances across the site (optionally one vendor's), a page at a time; cached under
 * the orders like `useRateVariances`, so a delivery refreshes it.
 */
export function useSiteRateVariances(query: { page: number; perPage: number; vendor: string }) {
  const siteId = useSiteId();
  const params = { page: query.page, perPage: query.perPage, vendor: query.vendor || undefined };
  return useQuery({
    queryKey: [...queryKeys.records(siteId, PURCHASE_ORDERS), 'rate_variances', 'site', params],
    queryFn: ({ signal }) =>
      api.get<ListResult<RateVariance>>(`/api/sites/${encodeURIComponent(siteId)}/rate_variances`, {
        query: params,
        signal,
      }),
    enabled: Boolean(siteId),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** The quotation an order is prefilled from (`?fromQuotation=`), read only. */
export function useQuotation(id: string | null | undefined) {
  return useRecord<Quotation>('quotations', id);
}
