/** The invoices of the fake Razorpay (issue 39): how `GET /v1/invoices/{id}` answers. */

/** A subscription invoice the fake issued: one per charge attempt (paid, or issued if failed). */
export interface FakeInvoice {
  id: string;
  subscription_id: string;
  payment_id: string | null;
  status: 'issued' | 'paid';
  amount: number;
  currency: string;
  billing_start: number | null;
  billing_end: number | null;
  created_at: number;
}

/**
 * An invoice as `GET /v1/invoices/{id}` answers, in the published shape (`INVOICE_SHAPE`:
 * Razorpay docs, Invoices API, Fetch an Invoice With ID).
 */
export function invoiceEntity(i: FakeInvoice, about: { orderId: string | null; planName: string }) {
  return {
    id: i.id,
    entity: 'invoice',
    receipt: null,
    invoice_number: null,
    customer_id: null,
    customer_details: {
      id: null,
      name: null,
      email: 'buyer@example.com',
      contact: '+919876543210',
      gstin: null,
      billing_address: null,
      shipping_address: null,
      customer_name: null,
      customer_email: 'buyer@example.com',
      customer_contact: '+919876543210',
    },
    order_id: about.orderId,
    subscription_id: i.subscription_id,
    line_items: [
      {
        id: `li_${i.id.slice(4)}`,
        name: about.planName,
        amount: i.amount,
        unit_amount: i.amount,
        currency: i.currency,
        type: 'plan',
        quantity: 1,
      },
    ],
    payment_id: i.payment_id,
    status: i.status,
    expire_by: null,
    issued_at: i.created_at,
    paid_at: i.status === 'paid' ? i.created_at : null,
    cancelled_at: null,
    expired_at: null,
    sms_status: null,
    email_status: null,
    date: i.created_at,
    terms: null,
    partial_payment: false,
    gross_amount: i.amount,
    tax_amount: 0,
    taxable_amount: i.amount,
    amount: i.amount,
    amount_paid: i.status === 'paid' ? i.amount : 0,
    amount_due: i.status === 'paid' ? 0 : i.amount,
    currency: i.currency,
    currency_symbol: '₹',
    description: null,
    notes: [],
    comment: null,
    short_url: null,
    view_less: true,
    billing_start: i.billing_start,
    billing_end: i.billing_end,
    type: 'invoice',
    group_taxes_discounts: false,
    created_at: i.created_at,
    idempotency_key: null,
  };
}
