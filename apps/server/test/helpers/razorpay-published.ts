/**
 * The shapes of Razorpay's published sample payloads (issue 39), written out field by field so
 * the fake's bodies can be checked against them: every published field present with its JSON
 * type, nothing the samples do not have. Values are not copied; only names and types.
 */

/** A JSON type, or several (`'string|null'`). */
export type Kind = string;
export type Shape = Readonly<Record<string, Kind>>;

/**
 * The event envelope. Source: Razorpay docs, "Payments Webhook Events" → Sample Payloads →
 * Payment Failed (razorpay.com/docs/webhooks/payments) and "Subscriptions Webhook Events" →
 * Sample Payloads (razorpay.com/docs/webhooks/subscriptions).
 */
export const EVENT_SHAPE: Shape = {
  entity: 'string',
  account_id: 'string',
  event: 'string',
  contains: 'array',
  payload: 'object',
  created_at: 'number',
};

/**
 * The payment entity of `payment.failed`. Source: Razorpay docs, "Payments Webhook Events" →
 * Sample Payloads → Payment Failed (Netbanking tab), razorpay.com/docs/webhooks/payments. It
 * carries `invoice_id` (a subscription payment's only link to its subscription) and no
 * `subscription_id`.
 */
export const FAILED_PAYMENT_SHAPE: Shape = {
  id: 'string',
  entity: 'string',
  amount: 'number',
  currency: 'string',
  status: 'string',
  order_id: 'string|null',
  invoice_id: 'string|null',
  international: 'boolean',
  method: 'string',
  amount_refunded: 'number',
  refund_status: 'string|null',
  captured: 'boolean',
  description: 'string|null',
  card_id: 'string|null',
  bank: 'string|null',
  wallet: 'string|null',
  vpa: 'string|null',
  email: 'string',
  contact: 'string',
  notes: 'object|array',
  fee: 'number|null',
  tax: 'number|null',
  error_code: 'string|null',
  error_description: 'string|null',
  error_source: 'string|null',
  error_step: 'string|null',
  error_reason: 'string|null',
  acquirer_data: 'object',
  created_at: 'number',
};

/**
 * The payment entity of a subscription webhook. Source: Razorpay docs, "Subscriptions Webhook
 * Events" → Sample Payloads → subscription.charged (and subscription.activated, "Immediate start
 * date"), razorpay.com/docs/webhooks/subscriptions. `captured` is the string "1" there.
 */
export const SUBSCRIPTION_PAYMENT_SHAPE: Shape = {
  id: 'string',
  entity: 'string',
  amount: 'number',
  currency: 'string',
  status: 'string',
  order_id: 'string|null',
  invoice_id: 'string|null',
  international: 'boolean',
  method: 'string',
  amount_refunded: 'number',
  amount_transferred: 'number',
  refund_status: 'string|null',
  captured: 'string|boolean',
  description: 'string|null',
  card_id: 'string|null',
  card: 'object|null',
  bank: 'string|null',
  wallet: 'string|null',
  vpa: 'string|null',
  email: 'string',
  contact: 'string',
  customer_id: 'string|null',
  token_id: 'string|null',
  notes: 'object|array',
  fee: 'number|null',
  tax: 'number|null',
  error_code: 'string|null',
  error_description: 'string|null',
  created_at: 'number',
};

/**
 * The subscription entity of the subscription webhooks. Source: Razorpay docs, "Subscriptions
 * Webhook Events" → Sample Payloads → subscription.activated ("Immediate start date"),
 * .charged, .pending, .halted and .cancelled (razorpay.com/docs/webhooks/subscriptions). `type`
 * is in those samples (its values are not documented); `payment_method`, `pause_initiated_by`
 * and `cancel_initiated_by` appear only in the paused/resumed samples, which we do not send.
 */
export const SUBSCRIPTION_SHAPE: Shape = {
  id: 'string',
  entity: 'string',
  plan_id: 'string',
  customer_id: 'string|null',
  status: 'string',
  type: 'number',
  current_start: 'number|null',
  current_end: 'number|null',
  ended_at: 'number|null',
  quantity: 'number',
  notes: 'object|array',
  charge_at: 'number|null',
  start_at: 'number|null',
  end_at: 'number|null',
  auth_attempts: 'number',
  total_count: 'number',
  paid_count: 'number',
  customer_notify: 'boolean',
  created_at: 'number',
  expire_by: 'number|null',
  short_url: 'string|null',
  has_scheduled_changes: 'boolean',
  change_scheduled_at: 'number|null',
  source: 'string',
  offer_id: 'string|null',
  remaining_count: 'number',
};

/**
 * The invoice entity `GET /v1/invoices/{id}` answers. Source: Razorpay docs, Invoices API →
 * "Fetch an Invoice With ID" (razorpay.com/docs/api/payments/invoices/fetch-with-id) and
 * Subscriptions API → "Fetch All Invoices of a Subscription"
 * (razorpay.com/docs/api/payments/subscriptions/fetch-invoices), whose items carry
 * `subscription_id`.
 */
export const INVOICE_SHAPE: Shape = {
  id: 'string',
  entity: 'string',
  receipt: 'string|null',
  invoice_number: 'string|null',
  customer_id: 'string|null',
  customer_details: 'object',
  order_id: 'string|null',
  subscription_id: 'string|null',
  line_items: 'array',
  payment_id: 'string|null',
  status: 'string',
  expire_by: 'number|null',
  issued_at: 'number|null',
  paid_at: 'number|null',
  cancelled_at: 'number|null',
  expired_at: 'number|null',
  sms_status: 'string|null',
  email_status: 'string|null',
  date: 'number|null',
  terms: 'string|null',
  partial_payment: 'boolean',
  gross_amount: 'number',
  tax_amount: 'number',
  taxable_amount: 'number',
  amount: 'number',
  amount_paid: 'number',
  amount_due: 'number',
  currency: 'string',
  currency_symbol: 'string',
  description: 'string|null',
  notes: 'object|array',
  comment: 'string|null',
  short_url: 'string|null',
  view_less: 'boolean',
  billing_start: 'number|null',
  billing_end: 'number|null',
  type: 'string',
  group_taxes_discounts: 'boolean',
  created_at: 'number',
  idempotency_key: 'string|null',
};

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** What differs between `value` and a published shape: missing, extra and mistyped fields. */
export function shapeProblems(value: unknown, shape: Shape): string[] {
  if (kindOf(value) !== 'object') return [`not an object: ${kindOf(value)}`];
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const [field, kind] of Object.entries(shape)) {
    if (!(field in record)) problems.push(`missing ${field}`);
    else if (!kind.split('|').includes(kindOf(record[field]))) {
      problems.push(`${field} is ${kindOf(record[field])}, published as ${kind}`);
    }
  }
  for (const field of Object.keys(record)) {
    if (!(field in shape)) problems.push(`unpublished ${field}`);
  }
  return problems;
}
