import type {
  ServiceBooking,
  ServiceBookingCreate,
  ServiceBookingUpdate,
} from '@siteledger/domain';
import { useQueuedCreate, type QueuedCreateOptions } from '../../lib/offline-queue-hooks';
import {
  useDeleteRecord,
  useRecordList,
  useUpdateRecord,
  type ListQuery,
} from '../../lib/site-records';

/** Service bookings of the current site (API.md "Site records"; totals are the server's). */
export const SERVICE_BOOKINGS = 'service_bookings';

export function useBookings(query: ListQuery) {
  return useRecordList<ServiceBooking>(SERVICE_BOOKINGS, { ...query, expand: 'service,vendor' });
}

// A booking changes the service's rate figures and the vendor's totals.

/** Kept in the offline queue when there is no connection (lib/offline-queue-hooks.ts). */
export const useCreateBooking = (options: QueuedCreateOptions<ServiceBookingCreate> = {}) =>
  useQueuedCreate<ServiceBookingCreate, ServiceBooking>(SERVICE_BOOKINGS, {
    ...options,
  });
export const useUpdateBooking = () =>
  useUpdateRecord<ServiceBookingUpdate, ServiceBooking>(SERVICE_BOOKINGS);
export const useDeleteBooking = () => useDeleteRecord(SERVICE_BOOKINGS);
