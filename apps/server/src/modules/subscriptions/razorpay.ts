/**
 * The Razorpay calls we make (Orders API, subscription cancel) and the two signature checks:
 * checkout's `HMAC-SHA256(order_id|payment_id, key_secret)` and the webhook's HMAC of the raw body
 * with the webhook secret. The base URL is RAZORPAY_API_URL, so tests point it at a local fake.
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
  /** Stops renewals at the end of the paid cycle. */
  cancelSubscription(providerSubscriptionId: string): Promise<void>;
  paymentSignatureValid(orderId: string, paymentId: string, signature: string): boolean;
  /** null when no webhook secret is configured. */
  webhookSignatureValid(rawBody: Buffer, signature: string): boolean | null;
}

const TIMEOUT_MS = 15_000;

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

  async function call(method: 'POST', path: string, body: unknown): Promise<unknown> {
    if (!keyId || !keySecret) throw new AppError('PAYMENTS_NOT_CONFIGURED');
    let response: Response;
    try {
      response = await fetch(`${config.razorpayApiUrl}${path}`, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      logger.error({ err: error, path }, 'payment provider unreachable');
      throw new AppError('PAYMENT_PROVIDER_ERROR');
    }
    const text = await response.text();
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
    async cancelSubscription(providerSubscriptionId) {
      await call('POST', `/v1/subscriptions/${encodeURIComponent(providerSubscriptionId)}/cancel`, {
        cancel_at_cycle_end: 1,
      });
    },
    paymentSignatureValid(orderId, paymentId, signature) {
      if (!keySecret) return false;
      return sameSignature(hmacHex(keySecret, `${orderId}|${paymentId}`), signature);
    },
    webhookSignatureValid(rawBody, signature) {
      const secret = config.razorpayWebhookSecret;
      if (!secret) return null;
      return sameSignature(hmacHex(secret, rawBody), signature);
    },
  };
}
