/** Payments of the current site (API.md "Payments"; figures computed by the server). */
import type { Payment, PaymentCreate, PaymentUpdate } from '@siteledger/domain';
import { defineCollection, queuedCreate } from './collection';

export const PAYMENTS = 'payments';

export const PAYMENT_EXPAND = 'vendor,account,payment_allocations,credit_note_usage';

const payments = defineCollection<Payment, PaymentCreate, PaymentUpdate>(PAYMENTS, {
  expand: 'vendor,account',
  detailExpand: PAYMENT_EXPAND,
});

export const usePayments = payments.useList;
export const usePayment = payments.useOne;
export const useCreatePayment = queuedCreate<Payment, PaymentCreate>(PAYMENTS);
export const useUpdatePayment = payments.useUpdate;
export const useDeletePayment = payments.useDelete;

/** The vendor's latest payments (the caller keeps those with an unallocated remainder). */
export function useVendorPayments(vendorId: string, enabled: boolean) {
  return payments.useWhere({ vendor: vendorId, perPage: 50 }, { enabled });
}
