/** Vendors of the current site (API.md "Site records"; money figures computed by the server). */
import type {
  Vendor,
  VendorCreate,
  VendorPayables,
  VendorPayablesQuery,
  VendorUpdate,
} from '@siteledger/domain';
import { defineCollection } from './collection';

export const VENDORS = 'vendors';

/** Vendors with their specialty tags inlined (`expand=tags`), in lists and one by one. */
const vendors = defineCollection<Vendor, VendorCreate, VendorUpdate>(VENDORS, { expand: 'tags' });

export const useVendors = vendors.useList;
export const useVendor = vendors.useOne;
// Specialty tags' usage counts change with a vendor's tags.
export const useCreateVendor = vendors.useCreate;
export const useUpdateVendor = vendors.useUpdate;
export const useDeleteVendor = vendors.useDelete;

/**
 * GET …/vendors/{id}/payables: open deliveries and bookings, usable credit notes and advances,
 * oldest first. With `paymentId`, the lists as that payment's edit sees them (its own allocations
 * and credit-note usage released: `?payment=<id>`). Cached under the vendors collection, so every
 * payment, delivery or return write refreshes it.
 */
export function usePayables(vendorId: string, paymentId?: string | null) {
  const query: VendorPayablesQuery = paymentId ? { payment: paymentId } : {};
  return vendors.useSub<VendorPayables>(vendorId, 'payables', {
    key: [paymentId ?? ''],
    query,
    staleTime: 0,
  });
}
