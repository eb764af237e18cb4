import type {
  Service,
  ServiceBooking,
  ServiceBookingCreate,
  ServiceBookingUpdate,
  Vendor,
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

/** Options lists fetched whole: a site's services and vendors fit in one page. */
const OPTIONS_PAGE = 500;

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

/** The site's services by name (with unit and standard rate), for the form and the filter. */
export function useServiceOptions() {
  const list = useRecordList<Service>(
    'services',
    { perPage: OPTIONS_PAGE, sort: 'name' },
    { staleTime: 60_000 },
  );
  return { ...list, data: list.data?.items };
}

/** The site's vendors by name. */
export function useVendorOptions() {
  const list = useRecordList<Vendor>(
    'vendors',
    { perPage: OPTIONS_PAGE, sort: 'name' },
    { staleTime: 60_000 },
  );
  return { ...list, data: list.data?.items };
}
