import type {
  BatchRequestEntry,
  BatchResponse,
  Delivery,
  DeliveryCreate,
  DeliveryUpdate,
  PurchaseOrder,
} from '@siteledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useQueuedCreate, type QueuedCreateOptions } from '../../lib/offline-queue-hooks';
import {
  invalidateRecords,
  writeEffects,
  recordsPath,
  useDeleteRecord,
  useRecord,
  useRecordList,
  useSiteId,
  useUpdateRecord,
  type ListQuery,
} from '../../lib/site-records';
import { OPEN_PO_STATUSES } from './delivery-from-po';

/** Deliveries of the current site (API.md "Site records"; every total is the server's). */
export const DELIVERIES = 'deliveries';
const DELIVERY_ITEMS = 'delivery_items';
const PURCHASE_ORDERS = 'purchase_orders';

/** Vendor summary and the lines with their items, for the list and the detail view. */
export const DELIVERY_EXPAND = 'vendor,delivery_items.item';

export function useDeliveries(query: ListQuery) {
  return useRecordList<Delivery>(DELIVERIES, { ...query, expand: DELIVERY_EXPAND });
}

/** The detail view also inlines the PO line each line was received against (ordered, rate). */
const DELIVERY_DETAIL_EXPAND = `${DELIVERY_EXPAND},delivery_items.purchase_order_line`;

export function useDelivery(id: string | undefined) {
  return useRecord<Delivery>(DELIVERIES, id, { expand: DELIVERY_DETAIL_EXPAND });
}

// A delivery changes item figures (stock, prices), vendor totals and the lines' own lists.

/** Kept in the offline queue when there is no connection (lib/offline-queue-hooks.ts). */
export const useCreateDelivery = (options: QueuedCreateOptions<DeliveryCreate> = {}) =>
  useQueuedCreate<DeliveryCreate, Delivery>(DELIVERIES, options);
export const useUpdateDelivery = () => useUpdateRecord<DeliveryUpdate, Delivery>(DELIVERIES);
export const useDeleteDelivery = () => useDeleteRecord(DELIVERIES);

/**
 * Saves line changes in ONE atomic `POST /api/batch` (API.md "Batch"). A failure answers 400
 * BATCH_FAILED with `data: { index, error }` and nothing is applied.
 */
export function useSaveDeliveryLines() {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requests: BatchRequestEntry[]) =>
      api.post<BatchResponse>('/api/batch', { requests }),
    onSettled: () => invalidateRecords(queryClient, siteId, writeEffects(DELIVERY_ITEMS)),
  });
}

/** The batch URL of a line: POST …/delivery_items or PATCH/DELETE …/delivery_items/{id}. */
export function lineUrl(siteId: string, id?: string): string {
  return recordsPath(siteId, DELIVERY_ITEMS, id);
}

/** A purchase order with its lines (received and pending quantities), to receive against it. */
export function usePurchaseOrder(id: string | null | undefined) {
  return useRecord<PurchaseOrder>(PURCHASE_ORDERS, id, { staleTime: 0 });
}

/** A vendor's POs goods may still arrive against (issued or partly received). */
export function useOpenPurchaseOrders(vendor: string) {
  return useRecordList<PurchaseOrder>(
    PURCHASE_ORDERS,
    { vendor, status: OPEN_PO_STATUSES, perPage: 50, sort: '-order_date' },
    { enabled: Boolean(vendor) },
  );
}
