import type {
  Payment,
  PaymentCreate,
  PaymentUpdate,
  VendorPayables,
  VendorPayablesQuery,
} from '@siteledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useQueuedCreate, type QueuedCreateOptions } from '../../lib/offline-queue-hooks';
import { queryKeys } from '../../lib/query-keys';
import {
  recordsPath,
  useDeleteRecord,
  useRecord,
  useRecordList,
  useSiteId,
  useUpdateRecord,
  type ListQuery,
} from '../../lib/site-records';

/** Payments of the current site (API.md "Payments"; figures computed by the server). */
export const PAYMENTS = 'payments';
const VENDORS = 'vendors';

export const PAYMENT_EXPAND = 'vendor,account,payment_allocations,credit_note_usage';

export function usePayments(query: ListQuery) {
  return useRecordList<Payment>(PAYMENTS, { ...query, expand: 'vendor,account' });
}

export function usePayment(id: string | null | undefined) {
  return useRecord<Payment>(PAYMENTS, id, { expand: PAYMENT_EXPAND });
}

/**
 * GET …/vendors/{id}/payables: open deliveries and bookings, usable credit notes and advances,
 * oldest first. With `paymentId`, the lists as that payment's edit sees them (its own allocations
 * and credit-note usage released: `?payment=<id>`). Cached under the vendors collection, so every
 * payment, delivery or return write refreshes it.
 */
export function usePayables(vendorId: string, paymentId?: string | null) {
  const siteId = useSiteId();
  const query: VendorPayablesQuery = paymentId ? { payment: paymentId } : {};
  return useQuery({
    queryKey: [...queryKeys.records(siteId, VENDORS), 'payables', vendorId, paymentId ?? ''],
    queryFn: ({ signal }) =>
      api.get<VendorPayables>(recordsPath(siteId, VENDORS, vendorId, 'payables'), {
        query,
        signal,
      }),
    enabled: Boolean(siteId && vendorId),
    staleTime: 0,
  });
}

/** Kept in the offline queue when there is no connection (lib/offline-queue-hooks.ts). */
export const useCreatePayment = (options: QueuedCreateOptions<PaymentCreate> = {}) =>
  useQueuedCreate<PaymentCreate, Payment>(PAYMENTS, options);
export const useUpdatePayment = () => useUpdateRecord<PaymentUpdate, Payment>(PAYMENTS);
export const useDeletePayment = () => useDeleteRecord(PAYMENTS);
