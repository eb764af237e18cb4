import type {
  Delivery,
  ServiceBooking,
  Vendor,
  VendorCreate,
  VendorUpdate,
} from '@siteledger/domain';
import {
  useCreateRecord,
  useDeleteRecord,
  useRecord,
  useRecordList,
  useUpdateRecord,
  type ListQuery,
} from '../../lib/site-records';

/** Vendors of the current site (API.md "Site records"; money figures computed by the server). */
export const VENDORS = 'vendors';

/** A page of vendors with their specialty tags inlined (`expand=tags`). */
export function useVendors(query: ListQuery) {
  return useRecordList<Vendor>(VENDORS, { ...query, expand: 'tags' });
}

export function useVendor(id: string | undefined) {
  return useRecord<Vendor>(VENDORS, id, { expand: 'tags' });
}

/** The vendor's deliveries, newest first (server default sort). */
export function useVendorDeliveries(vendorId: string | undefined, page: number, perPage: number) {
  return useRecordList<Delivery>(
    'deliveries',
    { vendor: vendorId, page, perPage },
    { enabled: Boolean(vendorId) },
  );
}

/** The vendor's service bookings with the service inlined, latest start first. */
export function useVendorBookings(vendorId: string | undefined, page: number, perPage: number) {
  return useRecordList<ServiceBooking>(
    'service_bookings',
    { vendor: vendorId, page, perPage, expand: 'service' },
    { enabled: Boolean(vendorId) },
  );
}

// Specialty tags' usage counts change with a vendor's tags.

export const useCreateVendor = () => useCreateRecord<VendorCreate, Vendor>(VENDORS);
export const useUpdateVendor = () => useUpdateRecord<VendorUpdate, Vendor>(VENDORS);
export const useDeleteVendor = () => useDeleteRecord(VENDORS);
