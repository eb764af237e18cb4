/** Purchase orders of the current site (API.md "Material requests and purchase orders"). */
import {
  OPEN_PURCHASE_ORDER_STATUSES,
  statusFilter,
  type PurchaseOrder,
  type PurchaseOrderAdvanceCreate,
  type PurchaseOrderAdvances,
  type PurchaseOrderCreate,
  type PurchaseOrderUpdate,
} from '@siteledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type WriteToken } from '../lib/api-client';
import { fetchDownload, type DownloadedFile } from '../lib/downloads';
import { invalidateRecords, recordsPath, useSiteId, writeEffects } from '../lib/site-records';
import { defineCollection } from './collection';

export const PURCHASE_ORDERS = 'purchase_orders';

/** What an order's write or action changes beyond the orders (the request's ordered quantities…). */

/** Orders with the vendor inlined, in lists and one by one (with its lines). */
const orders = defineCollection<PurchaseOrder, PurchaseOrderCreate, PurchaseOrderUpdate>(
  PURCHASE_ORDERS,
  { expand: 'vendor' },
);

export const usePurchaseOrders = orders.useList;
export const usePurchaseOrder = orders.useOne;
export const useCreatePurchaseOrder = orders.useCreate;
export const useUpdatePurchaseOrder = orders.useUpdate;
export const useDeletePurchaseOrder = orders.useDelete;

/** The "To be delivered" filter: issued or partly received (the domain's open statuses). */
export const OPEN_PO_STATUSES = statusFilter(OPEN_PURCHASE_ORDER_STATUSES);

/** An order with its lines (received and pending quantities) fresh, to receive against it. */
export const usePurchaseOrderToReceive = (id: string | null | undefined) =>
  orders.useOne(id, { expand: '', staleTime: 0 });

/** A vendor's orders goods may still arrive against, newest first. */
export function useOpenPurchaseOrders(vendor: string) {
  return orders.useWhere(
    { vendor, status: OPEN_PO_STATUSES, perPage: 50, sort: '-order_date' },
    { enabled: Boolean(vendor) },
  );
}

/** Orders goods are still to arrive against (up to 5, with the count), for the dashboard. */
export const usePendingDeliveries = () => orders.useList({ status: OPEN_PO_STATUSES, perPage: 5 });

export type PurchaseOrderStep = 'issue' | 'cancel' | 'close';

/**
 * POST …/purchase_orders/{id}/issue|cancel|close → the updated order (errors: the caller shows
 * them). `overrideBudget`: an owner issues past the budget of a site set to "block" (issue 45).
 */
export function usePurchaseOrderAction() {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      {
        id,
        action,
        overrideBudget = false,
      }: { id: string; action: PurchaseOrderStep; overrideBudget?: boolean },
      write,
    ) =>
      api.post<PurchaseOrder>(
        recordsPath(siteId, PURCHASE_ORDERS, id, action),
        overrideBudget ? { override_budget: true } : undefined,
        { write },
      ),
    onSuccess: (_order, _vars, _context, write) =>
      invalidateRecords(queryClient, siteId, writeEffects(PURCHASE_ORDERS), write),
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

/** GET …/purchase_orders/{id}/advances (financial roles): the payments set aside for the order. */
export const usePurchaseOrderAdvances = (orderId: string, enabled: boolean) =>
  orders.useSub<PurchaseOrderAdvances>(orderId, 'advances', { enabled });

/** POST …/advances `{ payment }` / DELETE …/advances/{payment} (errors: the caller shows them). */
export function usePurchaseOrderAdvanceWrite(orderId: string) {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  // What else an advance changes (payments, deliveries) the server's answer names.
  const onSuccess = (_data: unknown, _vars: unknown, _context: unknown, write: WriteToken) =>
    invalidateRecords(queryClient, siteId, writeEffects(PURCHASE_ORDERS), write);
  const add = useMutation({
    mutationFn: (body: PurchaseOrderAdvanceCreate, write) =>
      api.post<PurchaseOrderAdvances>(
        recordsPath(siteId, PURCHASE_ORDERS, orderId, 'advances'),
        body,
        { write },
      ),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (paymentId: string, write) =>
      api.delete<void>(
        recordsPath(siteId, PURCHASE_ORDERS, orderId, `advances/${encodeURIComponent(paymentId)}`),
        { write },
      ),
    onSuccess,
  });
  return { add, remove };
}
