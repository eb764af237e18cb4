/** Service bookings of the current site (API.md "Site records"; totals are the server's). */
import type {
  ServiceBooking,
  ServiceBookingCreate,
  ServiceBookingUpdate,
} from '@siteledger/domain';
import { defineCollection, queuedCreate } from './collection';

export const SERVICE_BOOKINGS = 'service_bookings';

const bookings = defineCollection<ServiceBooking, ServiceBookingCreate, ServiceBookingUpdate>(
  SERVICE_BOOKINGS,
  { expand: 'service,vendor' },
);

export const useBookings = bookings.useList;
// A booking changes the service's rate figures and the vendor's totals.
export const useCreateBooking = queuedCreate<ServiceBooking, ServiceBookingCreate>(
  SERVICE_BOOKINGS,
);
export const useUpdateBooking = bookings.useUpdate;
export const useDeleteBooking = bookings.useDelete;

/** The vendor's service bookings with the service inlined, latest start first. */
export function useVendorBookings(vendorId: string | undefined, page: number, perPage: number) {
  return bookings.useWhere(
    { vendor: vendorId, page, perPage, expand: 'service' },
    { enabled: Boolean(vendorId) },
  );
}
