/** Purchase orders, their rate variances, and the request, quotation or payments they start from. */
export * from '../../data/purchase-orders';
export * from '../../data/rate-variances';
export { useMaterialRequest } from '../../data/material-requests';
export { useVendorPayments } from '../../data/payments';
export { useQuotation } from '../../data/quotations';
