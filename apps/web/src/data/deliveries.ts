/** Deliveries of the current site and their lines (API.md "Site records"; totals are the server's). */
import type {
  BatchRequestEntry,
  BatchResponse,
  Delivery,
  DeliveryCreate,
  DeliveryUpdate,
} from '@siteledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { invalidateRecords, recordsPath, useSiteId, writeEffects } from '../lib/site-records';
import { defineCollection, queuedCreate } from './collection';

export const DELIVERIES = 'deliveries';
const DELIVERY_ITEMS = 'delivery_items';

/** Vendor summary and the lines with their items, for the list and the detail view. */
export const DELIVERY_EXPAND = 'vendor,delivery_items.item';

const deliveries = defineCollection<Delivery, DeliveryCreate, DeliveryUpdate>(DELIVERIES, {
  expand: DELIVERY_EXPAND,
  // The detail view also inlines the PO line each line was received against (ordered, rate).
  detailExpand: `${DELIVERY_EXPAND},delivery_items.purchase_order_line`,
});

export const useDeliveries = deliveries.useList;
export const useDelivery = deliveries.useOne;

// A delivery changes item figures (stock, prices), vendor totals and the lines' own lists.
export const useCreateDelivery = queuedCreate<Delivery, DeliveryCreate>(DELIVERIES);
export const useUpdateDelivery = deliveries.useUpdate;
export const useDeleteDelivery = deliveries.useDelete;

/** The vendor's deliveries, newest first (server default sort). */
export function useVendorDeliveries(vendorId: string | undefined, page: number, perPage: number) {
  return deliveries.useWhere({ vendor: vendorId, page, perPage }, { enabled: Boolean(vendorId) });
}

/**
 * Saves line changes in ONE atomic `POST /api/batch` (API.md "Batch"). A failure answers 400
 * BATCH_FAILED with `data: { index, error }` and nothing is applied.
 */
export function useSaveDeliveryLines() {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requests: BatchRequestEntry[], write) =>
      api.post<BatchResponse>('/api/batch', { requests }, { write }),
    onSettled: (_data, _error, _requests, _context, write) =>
      invalidateRecords(queryClient, siteId, writeEffects(DELIVERY_ITEMS), write),
  });
}

/** The batch URL of a line: POST …/delivery_items or PATCH/DELETE …/delivery_items/{id}. */
export function lineUrl(siteId: string, id?: string): string {
  return recordsPath(siteId, DELIVERY_ITEMS, id);
}
