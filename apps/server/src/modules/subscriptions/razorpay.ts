/**
 * The Razorpay calls we make (Orders, Plans and Subscriptions APIs) and the signature checks:
 * checkout's `HMAC-SHA256(order_id|payment_id, key_secret)` for an order,
 * `HMAC-SHA256(payment_id|subscription_id, key_secret)` for a subscription, and the webhook's
 * HMAC of the raw body with the webhook secret. The base URL is RAZORPAY_API_URL, so tests point it at a local fake.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/errors.js';

export interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
}

export interface Razorpay {
  /** Key id and secret are set: checkout can run. */
  readonly configured: boolean;
  readonly keyId: string | null;
  createOrder(order: {
    amount: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<RazorpayOrder>;
  /** A plan to subscribe to: `period` monthly or yearly, amount in paise. */
  createPlan(plan: {
    period: 'monthly' | 'yearly';
    name: string;
    amount: number;
    currency: string;
    notes: Record<string, string>;
  }): Promise<string>;
  /** A subscription to a provider plan, renewing `totalCount` times unless cancelled. */
  createSubscription(input: {
    planId: string;
    totalCount: number;
    notes: Record<string, string>;
    /** Unix seconds of the first charge, when later than checkout (which then authenticates). */
    startAt?: number;
  }): Promise<string>;
  /**
   * Stops renewals at the end of the paid cycle, or at once. Answers the subscription's status
   * after the call: `cancelled` when the cancel took effect at once.
   */
  cancelSubscription(
    providerSubscriptionId: string,
    atCycleEnd?: boolean,
  ): Promise<{ status: string | null }>;
  /** Undoes a cancellation scheduled for the cycle's end. */
  resumeSubscription(providerSubscriptionId: string): Promise<void>;
  /**
   * The subscription an invoice belongs to (`GET /v1/invoices/{id}`): a subscription payment's
   * only link to it. null for an invoice the provider does not know or that is not a
   * subscription's; an outage throws PAYMENT_PROVIDER_ERROR.
   */
  invoiceSubscription(invoiceId: string): Promise<string | null>;
  paymentSignatureValid(orderId: string, paymentId: string, signature: string): boolean;
  subscriptionSignatureValid(subscriptionId: string, paymentId: string, signature: string): boolean;
  /** null when no webhook secret is configured. */
  webhookSignatureValid(rawBody: Buffer, signature: string): boolean | null;
}

const TIMEOUT_MS = 15_000;

const obj = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of two hex signatures. */
function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createRazorpay(config: Config, logger: FastifyBaseLogger): Razorpay {
  const keyId = config.razorpayKeyId;
  const keySecret = config.razorpayKeySecret;
  const configured = Boolean(keyId && keySecret);

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    opts: { notFound?: boolean } = {},
  ): Promise<unknown> {
    if (!keyId || !keySecret) throw new AppError('PAYMENTS_NOT_CONFIGURED');
    let response: Response;
    try {
      response = await fetch(`${config.razorpayApiUrl}${path}`, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      logger.error({ err: error, path }, 'payment provider unreachable');
      throw new AppError('PAYMENT_PROVIDER_ERROR');
    }
    const text = await response.text();
    // A lookup of something the provider does not know answers null instead of failing.
    if (opts.notFound && (response.status === 404 || response.status === 400)) return null;
    if (!response.ok) {
      // The provider's error text names the field at fault; it goes to the log, not the client.
      logger.error(
        { status: response.status, path, body: text.slice(0, 500) },
        'payment provider refused',
      );
      throw new AppError('PAYMENT_PROVIDER_ERROR');
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      logger.error({ path }, 'payment provider answered with something other than JSON');
      throw new AppError('PAYMENT_PROVIDER_ERROR');
    }
  }

  function idOf(answer: Record<string, unknown>, what: string): string {
    if (typeof answer.id !== 'string' || !answer.id) {
      logger.error(`payment provider ${what} has no id`);
      throw new AppError('PAYMENT_PROVIDER_ERROR');
    }
    return answer.id;
  }

  return {
    configured,
    keyId,
    async createOrder(order) {
      const answer = (await call('POST', '/v1/orders', order)) as Partial<RazorpayOrder>;
      if (typeof answer.id !== 'string' || !answer.id) {
        logger.error('payment provider order has no id');
        throw new AppError('PAYMENT_PROVIDER_ERROR');
      }
      return {
        id: answer.id,
        amount: typeof answer.amount === 'number' ? answer.amount : order.amount,
        currency: typeof answer.currency === 'string' ? answer.currency : order.currency,
      };
    },
    async createPlan(plan) {
      const answer = obj(
        await call('POST', '/v1/plans', {
          period: plan.period,
          interval: 1,
          item: { name: plan.name, amount: plan.amount, currency: plan.currency },
          notes: plan.notes,
        }),
      );
      return idOf(answer, 'plan');
    },
    async createSubscription(input) {
      const answer = obj(
        await call('POST', '/v1/subscriptions', {
          plan_id: input.planId,
          total_count: input.totalCount,
          quantity: 1,
          customer_notify: 1,
          ...(input.startAt === undefined ? {} : { start_at: input.startAt }),
          notes: input.notes,
        }),
      );
      return idOf(answer, 'subscription');
    },
    async cancelSubscription(providerSubscriptionId, atCycleEnd = true) {
      const answer = obj(
        await call(
          'POST',
          `/v1/subscriptions/${encodeURIComponent(providerSubscriptionId)}/cancel`,
          { cancel_at_cycle_end: atCycleEnd ? 1 : 0 },
        ),
      );
      return { status: typeof answer.status === 'string' ? answer.status : null };
    },
    async invoiceSubscription(invoiceId) {
      const answer = obj(
        await call('GET', `/v1/invoices/${encodeURIComponent(invoiceId)}`, undefined, {
          notFound: true,
        }),
      );
      const id = answer.subscription_id;
      return typeof id === 'string' && id.length > 0 ? id : null;
    },
    async resumeSubscription(providerSubscriptionId) {
      await call(
        'POST',
        `/v1/subscriptions/${encodeURIComponent(providerSubscriptionId)}/cancel_scheduled_changes`,
        {},
      );
    },
    paymentSignatureValid(orderId, paymentId, signature) {
      if (!keySecret) return false;
      return sameSignature(hmacHex(keySecret, `${orderId}|${paymentId}`), signature);
    },
    subscriptionSignatureValid(subscriptionId, paymentId, signature) {
      if (!keySecret) return false;
      return sameSignature(hmacHex(keySecret, `${paymentId}|${subscriptionId}`), signature);
    },
    webhookSignatureValid(rawBody, signature) {
      const secret = config.razorpayWebhookSecret;
      if (!secret) return null;
      return sameSignature(hmacHex(secret, rawBody), signature);
    },
  };
}

/** Stops a replaced provider subscription at once; a failure is logged for a person to see. */
export async function stopReplaced(
  ctx: { logger: FastifyBaseLogger },
  razorpay: Razorpay,
  id: string | null,
): Promise<void> {
  if (!id || !razorpay.configured) return;
  await razorpay
    .cancelSubscription(id, false)
    .then(() => ctx.logger.info({ subscription: id }, 'replaced subscription cancelled'))
    .catch((error: unknown) =>
      ctx.logger.error({ err: error, subscription: id }, 'replaced subscription not cancelled'),
    );
}
