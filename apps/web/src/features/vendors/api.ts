/** The vendor page reads vendors, and the vendor's deliveries and bookings. */
export * from '../../data/vendors';
export { useVendorDeliveries } from '../../data/deliveries';
export { useVendorBookings } from '../../data/service-bookings';
