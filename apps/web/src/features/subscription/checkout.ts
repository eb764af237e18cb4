/**
 * Razorpay Checkout in the browser (spec part 7 "Checkout"): the provider's script is loaded once,
 * on first use, from the URL the server names (`GET /api/config` → razorpay_checkout_url); the
 * server creates the order (pay once) or the Razorpay subscription (renews, issue 26); the widget
 * takes the card; the server verifies the signature.
 */
import type {
  BillingCycle,
  CheckoutOrder,
  SubscribeResult,
  VerifyAnyInput,
} from '@siteledger/domain';

/** The widget's answer for an order (pay once). */
export interface RazorpaySuccessResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** The widget's answer for a subscription (renews): signed over payment id | subscription id. */
export interface RazorpaySubscriptionResponse {
  razorpay_subscription_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export type RazorpayAnyResponse = RazorpaySuccessResponse | RazorpaySubscriptionResponse;

export interface RazorpayFailureResponse {
  error?: {
    code?: string;
    description?: string;
    reason?: string;
    source?: string;
    step?: string;
    metadata?: { order_id?: string; payment_id?: string };
  };
}

interface RazorpayCommonOptions {
  key: string;
  name: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  notes?: Record<string, string>;
  theme?: { color?: string };
  modal?: { ondismiss?: () => void; escape?: boolean; confirm_close?: boolean };
}

/** A one-off order: the widget charges `amount` once. */
export interface RazorpayOrderOptions extends RazorpayCommonOptions {
  order_id: string;
  /** In paise. */
  amount: number;
  currency: string;
  handler: (response: RazorpaySuccessResponse) => void;
}

/** A subscription: the plan's price and cycle come from Razorpay, so no amount or order here. */
export interface RazorpaySubscriptionOptions extends RazorpayCommonOptions {
  subscription_id: string;
  handler: (response: RazorpaySubscriptionResponse) => void;
}

export type RazorpayOptions = RazorpayOrderOptions | RazorpaySubscriptionOptions;

export interface RazorpayInstance {
  open: () => void;
  close?: () => void;
  on: (event: 'payment.failed', listener: (response: RazorpayFailureResponse) => void) => void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    /** Set by Razorpay's checkout.js once it has loaded. */
    Razorpay?: RazorpayConstructor;
  }
}

/** The script did not load (network error, blocked, timed out, or it did not define Razorpay). */
export class CheckoutScriptError extends Error {
  readonly reason: 'error' | 'timeout' | 'missing';

  constructor(reason: 'error' | 'timeout' | 'missing') {
    super(`Checkout script could not be loaded (${reason})`);
    this.name = 'CheckoutScriptError';
    this.reason = reason;
  }
}

export const CHECKOUT_SCRIPT_TIMEOUT_MS = 15_000;

/** Where the script goes and where Razorpay appears; the real document and window by default. */
export interface ScriptHost {
  document: Pick<Document, 'createElement' | 'head'>;
  window: Pick<Window, 'Razorpay'>;
}

const loading = new Map<string, Promise<RazorpayConstructor>>();

/**
 * Adds `<script src=url>` once and resolves with `window.Razorpay` when it has loaded. A failure
 * or a timeout removes the tag and forgets the attempt, so the next call tries again.
 */
export function loadCheckoutScript(
  url: string,
  timeoutMs: number = CHECKOUT_SCRIPT_TIMEOUT_MS,
  host: ScriptHost = { document, window },
): Promise<RazorpayConstructor> {
  const ready = host.window.Razorpay;
  if (ready) return Promise.resolve(ready);
  const pending = loading.get(url);
  if (pending) return pending;

  const promise = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = host.document.createElement('script');
    const done = () => {
      clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
    };
    const fail = (reason: CheckoutScriptError['reason']) => {
      done();
      script.remove();
      loading.delete(url);
      reject(new CheckoutScriptError(reason));
    };
    const timer = setTimeout(() => fail('timeout'), timeoutMs);
    script.onload = () => {
      const loaded = host.window.Razorpay;
      if (!loaded) {
        fail('missing');
        return;
      }
      done();
      resolve(loaded);
    };
    script.onerror = () => fail('error');
    script.src = url;
    script.async = true;
    script.dataset.checkout = 'razorpay';
    host.document.head.appendChild(script);
  });
  loading.set(url, promise);
  return promise;
}

/** Forget earlier attempts (tests). */
export function resetCheckoutScript(): void {
  loading.clear();
}

export interface CheckoutDetails {
  order: CheckoutOrder;
  planName: string;
  /** Translated, e.g. "Basic plan · Yearly". */
  description: string;
  user: { name?: string; email?: string } | null;
  color: string;
  onPaid: (response: RazorpaySuccessResponse) => void;
  onDismiss: () => void;
}

function prefillOf(user: CheckoutDetails['user']): NonNullable<RazorpayOptions['prefill']> {
  const prefill: NonNullable<RazorpayOptions['prefill']> = {};
  if (user?.name) prefill.name = user.name;
  if (user?.email) prefill.email = user.email;
  return prefill;
}

/** The options Razorpay's widget is opened with, from the server's order. */
export function checkoutOptions(details: CheckoutDetails): RazorpayOrderOptions {
  const { order, user } = details;
  const prefill = prefillOf(user);
  return {
    key: order.key_id,
    order_id: order.order_id,
    amount: order.amount,
    currency: order.currency,
    name: 'SiteLedger',
    description: details.description,
    prefill,
    notes: { ...order.notes },
    theme: { color: details.color },
    handler: details.onPaid,
    modal: { ondismiss: details.onDismiss },
  };
}

export interface SubscriptionCheckoutDetails extends Omit<CheckoutDetails, 'order' | 'onPaid'> {
  subscription: SubscribeResult;
  onPaid: (response: RazorpaySubscriptionResponse) => void;
}

/**
 * The options for a renewing plan: Checkout takes the `subscription_id` and charges the first
 * cycle itself (Razorpay refuses an order id or amount beside it).
 */
export function subscriptionCheckoutOptions(
  details: SubscriptionCheckoutDetails,
): RazorpaySubscriptionOptions {
  const { subscription, user } = details;
  return {
    key: subscription.key_id,
    subscription_id: subscription.subscription_id,
    name: 'SiteLedger',
    description: details.description,
    prefill: prefillOf(user),
    notes: { ...subscription.notes },
    theme: { color: details.color },
    handler: details.onPaid,
    modal: { ondismiss: details.onDismiss },
  };
}

/** What POST …/subscription/verify takes from either answer (only the three signed fields). */
export function verifyInputOf(response: RazorpayAnyResponse): VerifyAnyInput {
  if ('razorpay_subscription_id' in response) {
    return {
      razorpay_subscription_id: response.razorpay_subscription_id,
      razorpay_payment_id: response.razorpay_payment_id,
      razorpay_signature: response.razorpay_signature,
    };
  }
  return {
    razorpay_order_id: response.razorpay_order_id,
    razorpay_payment_id: response.razorpay_payment_id,
    razorpay_signature: response.razorpay_signature,
  };
}

/** The brand colour of the current theme, for the widget. */
export function brandColor(): string {
  try {
    const value = getComputedStyle(document.documentElement).getPropertyValue('--primary').trim();
    return value || '#ea580c';
  } catch {
    return '#ea580c';
  }
}

/** `renew`: a Razorpay subscription that charges every cycle; `once`: one order, one period. */
export type PaymentMode = 'renew' | 'once';

export interface PendingCheckout {
  planId: string;
  planName: string;
  cycle: BillingCycle;
  mode: PaymentMode;
}
