/** Work orders, their RA bills and payments, and the vendor whose TDS rate a bill estimates. */
export * from '../../data/work-orders';
export { useVendor } from '../../data/vendors';
