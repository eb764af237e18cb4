import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { invoiceEntity, type FakeInvoice } from './fake-razorpay-invoices.js';

export type { FakeInvoice } from './fake-razorpay-invoices.js';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/** Razorpay answers `notes: []` when none were given. */
export type FakeNotes = Record<string, unknown> | never[];

export type FakePeriod = 'daily' | 'weekly' | 'monthly' | 'yearly';

/** A plan as `POST /v1/plans` answers it. */
export interface FakePlan {
  id: string;
  entity: 'plan';
  interval: number;
  period: FakePeriod;
  item: {
    id: string;
    active: true;
    name: string;
    description: string | null;
    amount: number;
    unit_amount: number;
    currency: string;
    type: 'plan';
  };
  notes: FakeNotes;
  created_at: number;
}

export type FakeSubscriptionStatus =
  | 'created'
  | 'authenticated'
  | 'active'
  | 'pending'
  | 'halted'
  | 'cancelled'
  | 'completed'
  | 'expired'
  | 'paused';

/** The fake's own state of a subscription (times in Unix seconds). */
export interface FakeSubscription {
  id: string;
  plan: FakePlan;
  status: FakeSubscriptionStatus;
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  paid_count: number;
  total_count: number;
  quantity: number;
  customer_notify: boolean;
  start_at: number | null;
  notes: FakeNotes;
  short_url: string;
  created_at: number;
  /** A cancel with `cancel_at_cycle_end` is pending (cleared by cancel_scheduled_changes). */
  cancel_at_cycle_end: boolean;
}

/** A subscription as the API and webhooks show it. */
export interface FakeSubscriptionEntity {
  id: string;
  entity: 'subscription';
  plan_id: string;
  customer_id: null;
  /** A string, not the union: `event()` may override it with anything. */
  status: string;
  /** 1, 2 or 3 in Razorpay's samples (undocumented); 2 in its renewing-subscription samples. */
  type: number;
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  quantity: number;
  notes: FakeNotes;
  charge_at: number | null;
  start_at: number | null;
  end_at: number | null;
  auth_attempts: number;
  total_count: number;
  paid_count: number;
  customer_notify: boolean;
  created_at: number;
  expire_by: null;
  short_url: string;
  has_scheduled_changes: false;
  change_scheduled_at: null;
  source: 'api';
  offer_id: null;
  remaining_count: number;
}

/** A successful subscription payment the fake took (checkout or `charge()`). */
export interface FakePayment {
  id: string;
  amount: number;
  currency: string;
  subscription_id: string;
  order_id: string;
  invoice_id: string;
  created_at: number;
}

/**
 * The payment entity of a subscription webhook (`subscription.activated`, `.charged`), in the
 * published shape (`SUBSCRIPTION_PAYMENT_SHAPE` in razorpay-published.ts: Razorpay docs,
 * Subscriptions Webhook Events, subscription.charged sample).
 */
export interface FakePaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'captured' | 'failed';
  order_id: string | null;
  invoice_id: string | null;
  international: false;
  method: 'card';
  amount_refunded: 0;
  amount_transferred: 0;
  refund_status: null;
  /** "1" in Razorpay's subscription samples. */
  captured: '1' | '0';
  description: string | null;
  card_id: string;
  card: Record<string, unknown>;
  bank: null;
  wallet: null;
  vpa: null;
  email: string;
  contact: string;
  customer_id: string | null;
  token_id: string | null;
  notes: FakeNotes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

/**
 * The payment entity of `payment.failed`, in the published shape (`FAILED_PAYMENT_SHAPE`:
 * Razorpay docs, Payments Webhook Events, Payment Failed sample). No `subscription_id`: a
 * subscription's payment names only its invoice.
 */
export interface FakeFailedPaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'failed';
  order_id: string | null;
  invoice_id: string | null;
  /** Not in Razorpay's samples: only `paymentFailed(…, { namesSubscription })` adds it. */
  subscription_id?: string;
  international: false;
  method: 'card';
  amount_refunded: 0;
  refund_status: null;
  captured: false;
  description: string | null;
  card_id: string;
  bank: null;
  wallet: null;
  vpa: null;
  email: string;
  contact: string;
  notes: FakeNotes;
  fee: null;
  tax: null;
  error_code: string;
  error_description: string;
  error_source: string;
  error_step: string;
  error_reason: string;
  acquirer_data: Record<string, unknown>;
  created_at: number;
}

/** A webhook body in Razorpay's shape. */
export interface FakeWebhookEvent {
  entity: 'event';
  account_id: string;
  event: string;
  contains: string[];
  payload: {
    subscription?: { entity: FakeSubscriptionEntity };
    payment?: { entity: FakePaymentEntity | FakeFailedPaymentEntity };
  };
  created_at: number;
}

/** A webhook the fake sent by itself (see `setWebhookTarget`). */
export interface FakeDelivery {
  url: string;
  event: string;
  eventId: string;
  /** The target's HTTP status, or null when the POST failed. */
  status: number | null;
}

export interface FakeRazorpay {
  /** RAZORPAY_API_URL */
  url: string;
  /** RAZORPAY_CHECKOUT_URL: a Checkout.js look-alike that opens this server's test checkout page. */
  checkoutUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Every /v1 call, in order. */
  requests: RecordedRequest[];
  /** Plans created through `POST /v1/plans`, by id. */
  plans: ReadonlyMap<string, Readonly<FakePlan>>;
  /** Subscriptions created through `POST /v1/subscriptions`, by id (live state). */
  subscriptions: ReadonlyMap<string, Readonly<FakeSubscription>>;
  /** Successful subscription payments: test checkout payments and `charge()` renewals. */
  payments: readonly FakePayment[];
  /** Webhooks sent automatically after subscription checkouts. */
  deliveries: readonly FakeDelivery[];
  /** Subscription invoices by id, as `GET /v1/invoices/{id}` serves them. */
  invoices: ReadonlyMap<string, Readonly<FakeInvoice>>;
  /** The next API call answers 500 (an outage at the provider). */
  failNext(): void;
  /** The signature Checkout hands to the page on success. */
  sign(orderId: string, paymentId: string): string;
  /** The signature of a subscription checkout: HMAC(key secret, `payment_id|subscription_id`). */
  signSubscription(subscriptionId: string, paymentId: string): string;
  /** Headers of a webhook delivery for `body`, signed with the webhook secret unless forged. */
  webhookHeaders(body: string, eventId: string, forged?: boolean): Record<string, string>;
  /**
   * When set, a successful subscription checkout payment is followed by signed
   * `subscription.activated` then `subscription.charged` webhooks to `url` (errors ignored).
   */
  setWebhookTarget(url: string | null): void;
  /** Resolves once every automatic webhook started so far has been answered (or failed). */
  settled(): Promise<void>;
  /**
   * A renewal: advances the subscription by one period, counts and records the payment and
   * returns the `subscription.charged` webhook body. Throws for unknown or ended subscriptions.
   */
  charge(
    subscriptionId: string,
    opts?: { amount?: number },
  ): { body: string; eventId: string; paymentId: string };
  /**
   * Any subscription webhook body (`activated`, `subscription.halted`, …) from the current state,
   * without changing it. The status shown is `opts.status`, else what the event implies.
   * A payment entity is included for `charged` or when `opts.paymentId` is given.
   */
  event(
    name: string,
    subscriptionId: string,
    opts?: {
      paymentId?: string;
      paymentStatus?: 'captured' | 'failed';
      amount?: number;
      status?: string;
    },
  ): { body: string; eventId: string };
  /**
   * A `payment.failed` webhook body for the subscription's next invoice (state unchanged), as
   * Razorpay sends it: the payment entity only, linked to the subscription by its `invoice_id`
   * (served by `GET /v1/invoices/{id}`). `namesSubscription` adds a `subscription_id` to the
   * payment, as some integrations' bodies do.
   */
  paymentFailed(
    subscriptionId: string,
    opts?: { namesSubscription?: boolean },
  ): { body: string; eventId: string; paymentId: string; invoiceId: string };
  /**
   * Retries exhausted: the subscription moves on to the cycle whose charge failed (unpaid, its
   * invoice issued, not paid) and is halted. Returns the `subscription.halted` body.
   */
  halt(subscriptionId: string): { body: string; eventId: string; invoiceId: string };
  /**
   * The customer changed the card: a halted (or pending) subscription is active again. Razorpay
   * charges only the invoices after this, not the unpaid cycle. Returns `subscription.activated`.
   */
  activate(subscriptionId: string): { body: string; eventId: string };
  /** POSTs a webhook body to `url` with `webhookHeaders`. */
  deliver(url: string, body: string, eventId: string, forged?: boolean): Promise<Response>;
  close(): Promise<void>;
}

const rand = (n: number) => randomBytes(n).toString('hex').slice(0, n);
const hmac = (secret: string, data: string) =>
  createHmac('sha256', secret).update(data).digest('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const PERIODS: readonly FakePeriod[] = ['daily', 'weekly', 'monthly', 'yearly'];
const isInt = (v: unknown, min: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Calendar months in UTC, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
function addMonths(seconds: number, months: number): number {
  const d = new Date(seconds * 1000);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return Math.floor(d.getTime() / 1000);
}

/** The end of one billing period (the plan's interval × period) starting at `start`. */
function periodEnd(plan: FakePlan, start: number): number {
  const n = plan.interval;
  switch (plan.period) {
    case 'daily':
      return start + n * 86_400;
    case 'weekly':
      return start + n * 7 * 86_400;
    case 'monthly':
      return addMonths(start, n);
    case 'yearly':
      return addMonths(start, 12 * n);
  }
}

/** The first thing wrong with a `POST /v1/plans` body, in Razorpay's words, or null. */
function planProblem(input: Record<string, unknown>): string | null {
  const item = isRecord(input.item) ? input.item : null;
  if (typeof input.period !== 'string' || !PERIODS.includes(input.period as FakePeriod)) {
    return 'period is invalid';
  }
  if (!isInt(input.interval, 1)) return 'interval is invalid';
  if (!item) return 'item is required';
  if (typeof item.name !== 'string' || !item.name) return 'item.name is required';
  if (!isInt(item.amount, 100)) return 'item.amount is invalid';
  if (typeof item.currency !== 'string' || !item.currency) return 'item.currency is required';
  if (item.description !== undefined && typeof item.description !== 'string') {
    return 'item.description is invalid';
  }
  if (input.notes !== undefined && !isRecord(input.notes)) return 'notes is invalid';
  return null;
}

/** The first thing wrong with a `POST /v1/subscriptions` body (its plan exists), or null. */
function subscriptionProblem(input: Record<string, unknown>): string | null {
  if (!isInt(input.total_count, 1)) return 'total_count is invalid';
  if (input.quantity !== undefined && !isInt(input.quantity, 1)) return 'quantity is invalid';
  if (input.start_at !== undefined && !isInt(input.start_at, 0)) return 'start_at is invalid';
  if (input.notes !== undefined && !isRecord(input.notes)) return 'notes is invalid';
  return null;
}

/** Checkout.js: `new Razorpay(options).open()` shows the test checkout page in an iframe overlay. */
function checkoutScript(origin: string): string {
  return `(() => {
  const ORIGIN = ${JSON.stringify(origin)};
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options;
    this.listeners = {};
  }
  Razorpay.prototype.on = function (event, fn) {
    (this.listeners[event] = this.listeners[event] || []).push(fn);
  };
  Razorpay.prototype.close = function () {
    if (this.frame) this.frame.remove();
    this.frame = null;
    if (this.onMessage) window.removeEventListener('message', this.onMessage);
  };
  Razorpay.prototype.open = function () {
    const o = this.options;
    const q = new URLSearchParams({
      key: o.key || '', order_id: o.order_id || '', amount: String(o.amount || ''),
      currency: o.currency || '', name: o.name || '', description: o.description || '',
    });
    if (o.subscription_id) q.set('subscription_id', o.subscription_id);
    const frame = document.createElement('iframe');
    frame.src = ORIGIN + '/test-checkout?' + q.toString();
    frame.title = 'Razorpay test checkout';
    frame.setAttribute('data-testid', 'razorpay-frame');
    frame.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:rgba(0,0,0,.5)';
    document.body.appendChild(frame);
    this.frame = frame;
    this.onMessage = (event) => {
      // Only this widget's own page: an earlier widget's page still closing must not answer for it.
      if (!this.frame || event.source !== this.frame.contentWindow) return;
      if (event.origin !== ORIGIN || !event.data || event.data.source !== 'fake-razorpay') return;
      const d = event.data;
      if (d.type === 'success') {
        this.close();
        const result = d.razorpay_subscription_id
          ? { razorpay_payment_id: d.razorpay_payment_id, razorpay_subscription_id: d.razorpay_subscription_id, razorpay_signature: d.razorpay_signature }
          : { razorpay_payment_id: d.razorpay_payment_id, razorpay_order_id: d.razorpay_order_id, razorpay_signature: d.razorpay_signature };
        o.handler && o.handler(result);
      } else if (d.type === 'failed') {
        (this.listeners['payment.failed'] || []).forEach((fn) => fn({ error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', source: 'bank', step: 'payment_authorization', reason: 'payment_failed', metadata: { order_id: o.order_id, payment_id: d.razorpay_payment_id } } }));
      } else if (d.type === 'dismiss') {
        this.close();
        o.modal && o.modal.ondismiss && o.modal.ondismiss();
      }
    };
    window.addEventListener('message', this.onMessage);
  };
  window.Razorpay = Razorpay;
})();
`;
}

/**
 * The test checkout page. For a subscription the amount shown is its plan's (looked up by the
 * server and passed as `shown`), as Razorpay ignores the page's amount for subscriptions.
 */
function checkoutPage(
  params: URLSearchParams,
  shown?: { amount: number; currency: string; description: string | null },
): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const amount = (shown ? shown.amount : Number(params.get('amount') ?? 0)) / 100;
  const currency = shown ? shown.currency : (params.get('currency') ?? '');
  const description = params.get('description') || shown?.description || '';
  return `<!doctype html><html><head><meta charset="utf-8"><title>Test checkout</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh}
.card{background:#fff;border-radius:12px;padding:24px;width:320px;box-shadow:0 10px 30px rgba(0,0,0,.3)}
button{display:block;width:100%;margin-top:10px;padding:10px;border-radius:8px;border:1px solid #ccc;font-size:15px;cursor:pointer}
#pay{background:#0b72e7;color:#fff;border:0}</style></head><body><div class="card">
<h1 style="font-size:18px;margin:0 0 4px">Test checkout</h1>
<p style="margin:0 0 12px;color:#555">${esc(description)}</p>
<p id="amount" style="font-size:22px;margin:0 0 12px">${esc(currency)} ${amount.toFixed(2)}</p>
<button id="pay" disabled>Pay</button><button id="fail" disabled>Fail payment</button><button id="dismiss" disabled>Cancel</button>
</div><script>
const orderId = ${JSON.stringify(params.get('order_id') ?? '')};
const subscriptionId = ${JSON.stringify(params.get('subscription_id') ?? '')};
const post = (data) => parent.postMessage(Object.assign({ source: 'fake-razorpay' }, data), '*');
document.getElementById('pay').onclick = async () => {
  const payload = subscriptionId ? { subscription_id: subscriptionId } : { order_id: orderId };
  const r = await fetch('/test-checkout/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  if (!r.ok) return post({ type: 'failed', razorpay_payment_id: 'pay_failed' });
  post(Object.assign({ type: 'success' }, await r.json()));
};
document.getElementById('fail').onclick = () => post({ type: 'failed', razorpay_payment_id: 'pay_failed' });
document.getElementById('dismiss').onclick = () => post({ type: 'dismiss' });
// The buttons work from here on: enabled only now, so a click can never land before its handler.
for (const b of document.querySelectorAll('button')) b.disabled = false;
</script></body></html>`;
}

/**
 * A Razorpay look-alike on 127.0.0.1: the Orders, Plans and Subscriptions APIs (Basic auth with
 * the key id and secret), a Checkout.js and its test checkout page for orders and subscriptions,
 * webhook builders, recording every API request.
 */
export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const keyId = `rzp_test_${rand(14)}`;
  const keySecret = rand(24);
  const webhookSecret = rand(20);
  const accountId = `acc_${rand(14)}`;
  const requests: RecordedRequest[] = [];
  const orders = new Map<string, { amount: number; currency: string }>();
  const plans = new Map<string, FakePlan>();
  const subscriptions = new Map<string, FakeSubscription>();
  const payments: FakePayment[] = [];
  const deliveries: FakeDelivery[] = [];
  const invoices = new Map<string, FakeInvoice>();
  const pending = new Set<Promise<void>>();
  let webhookTarget: string | null = null;
  let failNext = false;
  let origin = '';
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const signSubscription = (subscriptionId: string, paymentId: string) =>
    hmac(keySecret, `${paymentId}|${subscriptionId}`);
  const webhookHeaders = (body: string, eventId: string, forged = false) => ({
    'content-type': 'application/json',
    'x-razorpay-event-id': eventId,
    'x-razorpay-signature': forged ? hmac('not-the-secret', body) : hmac(webhookSecret, body),
  });
  const deliver = (url: string, body: string, eventId: string, forged = false) =>
    fetch(url, { method: 'POST', headers: webhookHeaders(body, eventId, forged), body });

  const subscriptionEntity = (s: FakeSubscription): FakeSubscriptionEntity => ({
    id: s.id,
    entity: 'subscription',
    plan_id: s.plan.id,
    customer_id: null,
    status: s.status,
    type: 2,
    current_start: s.current_start,
    current_end: s.current_end,
    ended_at: s.ended_at,
    quantity: s.quantity,
    notes: s.notes,
    // The next charge is due when the current period ends.
    charge_at:
      s.status === 'active' ? s.current_end : s.status === 'authenticated' ? s.start_at : null,
    start_at: s.start_at,
    end_at: null,
    auth_attempts: 0,
    total_count: s.total_count,
    paid_count: s.paid_count,
    customer_notify: s.customer_notify,
    created_at: s.created_at,
    expire_by: null,
    short_url: s.short_url,
    has_scheduled_changes: false,
    change_scheduled_at: null,
    source: 'api',
    offer_id: null,
    remaining_count: Math.max(0, s.total_count - s.paid_count),
  });

  /** Every charge attempt of a subscription is against an invoice of it. */
  const issueInvoice = (
    s: FakeSubscription,
    p: { paymentId: string | null; amount: number; paid: boolean },
  ): FakeInvoice => {
    const invoice: FakeInvoice = {
      id: `inv_${rand(14)}`,
      subscription_id: s.id,
      payment_id: p.paymentId,
      status: p.paid ? 'paid' : 'issued',
      amount: p.amount,
      currency: s.plan.item.currency,
      billing_start: s.current_start,
      billing_end: s.current_end,
      created_at: nowSeconds(),
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  };

  const known = (subscriptionId: string): FakeSubscription => {
    const s = subscriptions.get(subscriptionId);
    if (!s) throw new Error(`fake razorpay: unknown subscription ${subscriptionId}`);
    return s;
  };

  /** Takes one period's payment: the next period starts where the last one ended. */
  const takePayment = (s: FakeSubscription, amount: number): FakePayment => {
    // The first charge of a subscription with a later start is due at `start_at`.
    const start = s.current_end ?? s.start_at ?? nowSeconds();
    s.current_start = start;
    s.current_end = periodEnd(s.plan, start);
    s.paid_count += 1;
    s.status = 'active';
    const paymentId = `pay_${rand(14)}`;
    const payment: FakePayment = {
      id: paymentId,
      amount,
      currency: s.plan.item.currency,
      subscription_id: s.id,
      order_id: `order_${rand(14)}`,
      invoice_id: issueInvoice(s, { paymentId, amount, paid: true }).id,
      created_at: nowSeconds(),
    };
    payments.push(payment);
    return payment;
  };

  const paymentEntity = (
    s: FakeSubscription,
    p: { id: string; amount: number; status: 'captured' | 'failed' },
  ): FakePaymentEntity => {
    const recorded = payments.find((r) => r.id === p.id);
    const failed = p.status === 'failed';
    const cardId = `card_${s.id.slice(4)}`;
    return {
      id: p.id,
      entity: 'payment',
      amount: p.amount,
      currency: 'INR',
      status: p.status,
      order_id: recorded?.order_id ?? (failed ? null : `order_${rand(14)}`),
      invoice_id:
        recorded?.invoice_id ??
        issueInvoice(s, { paymentId: failed ? null : p.id, amount: p.amount, paid: !failed }).id,
      international: false,
      method: 'card',
      amount_refunded: 0,
      amount_transferred: 0,
      refund_status: null,
      captured: failed ? '0' : '1',
      description: 'Recurring Payment via Subscription',
      card_id: cardId,
      card: {
        id: cardId,
        entity: 'card',
        name: 'Anita Verma',
        last4: '1111',
        network: 'Visa',
        type: 'credit',
        issuer: 'HDFC',
        international: false,
        emi: false,
        expiry_month: 12,
        expiry_year: 2030,
      },
      bank: null,
      wallet: null,
      vpa: null,
      email: 'buyer@example.com',
      contact: '+919876543210',
      customer_id: null,
      token_id: null,
      notes: s.notes,
      fee: failed ? null : Math.round(p.amount * 0.02),
      tax: failed ? null : Math.round(p.amount * 0.02 * 0.18),
      error_code: failed ? 'BAD_REQUEST_ERROR' : null,
      error_description: failed ? 'Payment failed' : null,
      created_at: recorded?.created_at ?? nowSeconds(),
    };
  };

  /** A failed charge of the subscription's next invoice, as `payment.failed` carries it. */
  const failedPaymentEntity = (s: FakeSubscription, id: string): FakeFailedPaymentEntity => {
    const amount = s.plan.item.amount * s.quantity;
    return {
      id,
      entity: 'payment',
      amount,
      currency: 'INR',
      status: 'failed',
      order_id: `order_${rand(14)}`,
      invoice_id: issueInvoice(s, { paymentId: null, amount, paid: false }).id,
      international: false,
      method: 'card',
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: 'Recurring Payment via Subscription',
      card_id: `card_${s.id.slice(4)}`,
      bank: null,
      wallet: null,
      vpa: null,
      email: 'buyer@example.com',
      contact: '+919876543210',
      notes: s.notes,
      fee: null,
      tax: null,
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Your payment could not be completed due to insufficient account balance.',
      error_source: 'customer',
      error_step: 'payment_authorization',
      error_reason: 'insufficient_funds',
      acquirer_data: { auth_code: null },
      created_at: nowSeconds(),
    };
  };

  const webhook = (
    event: string,
    payload: FakeWebhookEvent['payload'],
  ): { body: string; eventId: string } => {
    const body: FakeWebhookEvent = {
      entity: 'event',
      account_id: accountId,
      event,
      contains: Object.keys(payload),
      payload,
      created_at: nowSeconds(),
    };
    return { body: JSON.stringify(body), eventId: `evt_${rand(14)}` };
  };

  /** What a subscription event says about the status when the caller does not override it. */
  const impliedStatus: Record<string, FakeSubscriptionStatus> = {
    'subscription.pending': 'pending',
    'subscription.halted': 'halted',
    'subscription.cancelled': 'cancelled',
    'subscription.completed': 'completed',
    'subscription.paused': 'paused',
  };

  const buildEvent: FakeRazorpay['event'] = (name, subscriptionId, opts = {}) => {
    const event = name.includes('.') ? name : `subscription.${name}`;
    const s = known(subscriptionId);
    const entity = subscriptionEntity(s);
    entity.status = opts.status ?? impliedStatus[event] ?? s.status;
    const payload: FakeWebhookEvent['payload'] = { subscription: { entity } };
    if (opts.paymentId !== undefined || event === 'subscription.charged') {
      const id = opts.paymentId ?? `pay_${rand(14)}`;
      const recorded = payments.find((p) => p.id === id);
      const failedEvent = event === 'subscription.pending' || event === 'subscription.halted';
      payload.payment = {
        entity: paymentEntity(s, {
          id,
          amount: opts.amount ?? recorded?.amount ?? s.plan.item.amount,
          status: opts.paymentStatus ?? (failedEvent ? 'failed' : 'captured'),
        }),
      };
    }
    return webhook(event, payload);
  };

  /** Fire-and-forget: activated, then charged, to the webhook target; errors are ignored. */
  const announceCheckout = (s: FakeSubscription, payment: FakePayment | null) => {
    const target = webhookTarget;
    if (!target) return;
    // A later start: the card is only authenticated, the charges come from `start_at` on.
    const events = payment
      ? [
          { name: 'subscription.activated', ...buildEvent('subscription.activated', s.id) },
          {
            name: 'subscription.charged',
            ...buildEvent('subscription.charged', s.id, { paymentId: payment.id }),
          },
        ]
      : [{ name: 'subscription.authenticated', ...buildEvent('subscription.authenticated', s.id) }];
    const run = (async () => {
      for (const { name, body, eventId } of events) {
        const record: FakeDelivery = {
          url: target,
          event: name,
          eventId,
          status: null,
        };
        deliveries.push(record);
        try {
          const res = await deliver(target, body, eventId);
          record.status = res.status;
          await res.arrayBuffer();
        } catch {
          // The target may be down or gone; Razorpay would retry, the tests do not care.
        }
      }
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  };

  const badRequest = (description: string) => ({
    error: { code: 'BAD_REQUEST_ERROR', description },
  });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', origin);
      const send = (status: number, body: unknown, type = 'application/json') =>
        res
          .writeHead(status, { 'content-type': type })
          .end(typeof body === 'string' ? body : JSON.stringify(body));
      const parse = (): unknown => {
        try {
          return raw ? (JSON.parse(raw) as unknown) : null;
        } catch {
          return raw;
        }
      };
      const body = parse();
      const input = isRecord(body) ? body : {};

      if (req.method === 'GET' && url.pathname === '/checkout.js') {
        return send(200, checkoutScript(origin), 'application/javascript');
      }
      if (req.method === 'GET' && url.pathname === '/test-checkout') {
        const sub = subscriptions.get(url.searchParams.get('subscription_id') ?? '');
        const shown = sub
          ? {
              amount: sub.plan.item.amount * sub.quantity,
              currency: sub.plan.item.currency,
              description: sub.plan.item.description ?? sub.plan.item.name,
            }
          : undefined;
        return send(200, checkoutPage(url.searchParams, shown), 'text/html; charset=utf-8');
      }
      if (req.method === 'POST' && url.pathname === '/test-checkout/pay') {
        if (typeof input.subscription_id === 'string' && input.subscription_id) {
          const sub = subscriptions.get(input.subscription_id);
          if (!sub) return send(404, badRequest('The id provided does not exist'));
          if (sub.status !== 'created') {
            return send(400, badRequest(`Subscription is not payable in ${sub.status} status.`));
          }
          if (sub.start_at !== null && sub.start_at > nowSeconds()) {
            // Razorpay authenticates the card with a token payment (not a charge of the plan).
            sub.status = 'authenticated';
            const authId = `pay_${rand(14)}`;
            send(200, {
              razorpay_subscription_id: sub.id,
              razorpay_payment_id: authId,
              razorpay_signature: signSubscription(sub.id, authId),
            });
            return announceCheckout(sub, null);
          }
          const payment = takePayment(sub, sub.plan.item.amount * sub.quantity);
          send(200, {
            razorpay_subscription_id: sub.id,
            razorpay_payment_id: payment.id,
            razorpay_signature: signSubscription(sub.id, payment.id),
          });
          return announceCheckout(sub, payment);
        }
        const orderId = String(input.order_id ?? '');
        const paymentId = `pay_${rand(14)}`;
        return send(200, {
          razorpay_order_id: orderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: hmac(keySecret, `${orderId}|${paymentId}`),
        });
      }

      if (url.pathname.startsWith('/v1/')) {
        requests.push({
          method: req.method ?? '',
          path: url.pathname,
          authorization: req.headers.authorization,
          body,
        });
        if (req.headers.authorization !== expectedAuth) {
          return send(401, badRequest('Authentication failed'));
        }
        if (failNext) {
          failNext = false;
          return send(500, { error: { code: 'SERVER_ERROR', description: 'The server is down' } });
        }
        if (req.method === 'POST' && url.pathname === '/v1/orders') {
          if (typeof input.amount !== 'number' || input.amount < 100) {
            return send(400, badRequest('amount is invalid'));
          }
          const id = `order_${rand(14)}`;
          orders.set(id, { amount: input.amount, currency: String(input.currency) });
          return send(200, {
            id,
            entity: 'order',
            amount: input.amount,
            amount_paid: 0,
            amount_due: input.amount,
            currency: input.currency,
            receipt: input.receipt,
            status: 'created',
            attempts: 0,
            notes: input.notes ?? [],
            created_at: nowSeconds(),
          });
        }

        if (req.method === 'POST' && url.pathname === '/v1/plans') {
          const item = isRecord(input.item) ? input.item : null;
          const problem = planProblem(input);
          if (problem || !item) return send(400, badRequest(problem ?? 'item is required'));
          const amount = item.amount as number;
          const plan: FakePlan = {
            id: `plan_${rand(14)}`,
            entity: 'plan',
            interval: input.interval as number,
            period: input.period as FakePeriod,
            item: {
              id: `item_${rand(14)}`,
              active: true,
              name: item.name as string,
              description: typeof item.description === 'string' ? item.description : null,
              amount,
              unit_amount: amount,
              currency: item.currency as string,
              type: 'plan',
            },
            notes: isRecord(input.notes) ? input.notes : [],
            created_at: nowSeconds(),
          };
          plans.set(plan.id, plan);
          return send(200, plan);
        }
        const planPath = /^\/v1\/plans\/([^/]+)$/.exec(url.pathname);
        if (req.method === 'GET' && planPath) {
          const plan = plans.get(planPath[1] ?? '');
          return plan ? send(200, plan) : send(404, badRequest('The id provided does not exist'));
        }

        if (req.method === 'POST' && url.pathname === '/v1/subscriptions') {
          const plan = typeof input.plan_id === 'string' ? plans.get(input.plan_id) : undefined;
          const problem = plan ? subscriptionProblem(input) : 'The id provided does not exist';
          if (problem || !plan) return send(400, badRequest(problem ?? 'plan_id is invalid'));
          const sub: FakeSubscription = {
            id: `sub_${rand(14)}`,
            plan,
            status: 'created',
            current_start: null,
            current_end: null,
            ended_at: null,
            paid_count: 0,
            total_count: input.total_count as number,
            quantity: isInt(input.quantity, 1) ? input.quantity : 1,
            // Razorpay takes 0/1 as well as booleans here.
            customer_notify: input.customer_notify === undefined ? true : !!input.customer_notify,
            start_at: isInt(input.start_at, 0) ? input.start_at : null,
            notes: isRecord(input.notes) ? input.notes : [],
            short_url: `https://rzp.io/i/${rand(10)}`,
            created_at: nowSeconds(),
            cancel_at_cycle_end: false,
          };
          subscriptions.set(sub.id, sub);
          return send(200, subscriptionEntity(sub));
        }
        const invoicePath = /^\/v1\/invoices\/([^/]+)$/.exec(url.pathname);
        if (req.method === 'GET' && invoicePath) {
          const invoice = invoices.get(invoicePath[1] ?? '');
          return invoice
            ? send(
                200,
                invoiceEntity(invoice, {
                  orderId: payments.find((p) => p.id === invoice.payment_id)?.order_id ?? null,
                  planName: subscriptions.get(invoice.subscription_id)?.plan.item.name ?? 'Plan',
                }),
              )
            : send(400, badRequest('The id provided does not exist'));
        }
        const subPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
        if (req.method === 'GET' && subPath) {
          const sub = subscriptions.get(subPath[1] ?? '');
          return sub
            ? send(200, subscriptionEntity(sub))
            : send(404, badRequest('The id provided does not exist'));
        }
        const cancel = /^\/v1\/subscriptions\/([^/]+)\/cancel$/.exec(url.pathname);
        if (req.method === 'POST' && cancel) {
          const id = cancel[1] ?? '';
          const sub = subscriptions.get(id);
          const flag = input.cancel_at_cycle_end;
          const atCycleEnd = flag === 1 || flag === true || flag === '1' || flag === 'true';
          // Older tests cancel ids they never created: answered as known. At the cycle's end it
          // stays active until then, as Razorpay answers; at once it is cancelled.
          if (!sub) {
            return send(200, {
              id,
              entity: 'subscription',
              status: atCycleEnd ? 'active' : 'cancelled',
            });
          }
          if (sub.status === 'cancelled' || sub.status === 'completed') {
            return send(
              400,
              badRequest(`Subscription is not cancellable in ${sub.status} status.`),
            );
          }
          if (atCycleEnd) {
            sub.cancel_at_cycle_end = true;
          } else {
            sub.status = 'cancelled';
            sub.ended_at = nowSeconds();
            sub.cancel_at_cycle_end = false;
          }
          return send(200, subscriptionEntity(sub));
        }
        const unschedule = /^\/v1\/subscriptions\/([^/]+)\/cancel_scheduled_changes$/.exec(
          url.pathname,
        );
        if (req.method === 'POST' && unschedule) {
          const sub = subscriptions.get(unschedule[1] ?? '');
          // Like cancel: ids only webhooks made up (older tests) are answered as known.
          if (!sub)
            return send(200, { id: unschedule[1], entity: 'subscription', status: 'active' });
          if (sub.status === 'cancelled' || sub.status === 'completed') {
            return send(
              400,
              badRequest(`Subscription has no scheduled changes in ${sub.status} status.`),
            );
          }
          sub.cancel_at_cycle_end = false;
          return send(200, subscriptionEntity(sub));
        }
      }
      send(404, badRequest('The requested URL was not found'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake razorpay did not listen');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    url: origin,
    checkoutUrl: `${origin}/checkout.js`,
    keyId,
    keySecret,
    webhookSecret,
    requests,
    plans,
    subscriptions,
    payments,
    deliveries,
    invoices,
    failNext: () => {
      failNext = true;
    },
    sign: (orderId, paymentId) => hmac(keySecret, `${orderId}|${paymentId}`),
    signSubscription,
    webhookHeaders,
    setWebhookTarget: (target) => {
      webhookTarget = target;
    },
    settled: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    charge: (subscriptionId, opts = {}) => {
      const s = known(subscriptionId);
      if (s.status === 'cancelled' || s.status === 'completed') {
        throw new Error(`fake razorpay: cannot charge a ${s.status} subscription`);
      }
      const payment = takePayment(s, opts.amount ?? s.plan.item.amount * s.quantity);
      const built = buildEvent('subscription.charged', s.id, { paymentId: payment.id });
      return { ...built, paymentId: payment.id };
    },
    event: buildEvent,
    paymentFailed: (subscriptionId, opts = {}) => {
      const s = known(subscriptionId);
      const paymentId = `pay_${rand(14)}`;
      const entity = failedPaymentEntity(s, paymentId);
      const built = webhook('payment.failed', {
        payment: {
          entity: opts.namesSubscription ? { ...entity, subscription_id: s.id } : entity,
        },
      });
      return { ...built, paymentId, invoiceId: entity.invoice_id ?? '' };
    },
    halt: (subscriptionId) => {
      const s = known(subscriptionId);
      const start = s.current_end ?? nowSeconds();
      s.current_start = start;
      s.current_end = periodEnd(s.plan, start);
      s.status = 'halted';
      // The unpaid cycle's invoice stays issued; the sample body carries the subscription only.
      const amount = s.plan.item.amount * s.quantity;
      const invoice = issueInvoice(s, { paymentId: null, amount, paid: false });
      return { ...buildEvent('subscription.halted', s.id), invoiceId: invoice.id };
    },
    activate: (subscriptionId) => {
      const s = known(subscriptionId);
      if (s.status !== 'halted' && s.status !== 'pending') {
        throw new Error(`fake razorpay: cannot activate a ${s.status} subscription`);
      }
      s.status = 'active';
      return buildEvent('subscription.activated', s.id);
    },
    deliver,
    close: async () => {
      await Promise.allSettled([...pending]);
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
