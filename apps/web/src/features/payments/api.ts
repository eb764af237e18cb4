/** Payments, and the vendor's payables a payment is allocated against. */
export * from '../../data/payments';
export { usePayables } from '../../data/vendors';
