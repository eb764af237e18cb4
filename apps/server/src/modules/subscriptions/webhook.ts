/**
 * POST /api/webhooks/razorpay. The signature is checked over the raw body; the event id
 * (`x-razorpay-event-id`) is recorded in the same transaction that applies the event, so a replay
 * is recognised and ignored even when the first delivery is still being processed.
 */
import { createHash } from 'node:crypto';
import { addMonthsIso } from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Razorpay } from './razorpay.js';
import * as repo from './subscriptions-repo.js';
import { applyPurchase } from './subscriptions-service.js';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const str = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;
/** Razorpay sends times as Unix seconds. */
const unixIso = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0
    ? new Date(value * 1000).toISOString()
    : null;

function entityOf(payload: Json, kind: string): Json {
  return obj(obj(payload[kind]).entity);
}

/** A paid order: the same upgrade as verify, for a buyer whose browser closed before it ran. */
async function applyOrderPaid(trx: Transaction<Database>, ctx: AppContext, payload: Json) {
  const orderId = str(entityOf(payload, 'order').id) ?? str(entityOf(payload, 'payment').order_id);
  if (!orderId) return 'ignored';
  const order = await repo.lockOrder(trx, orderId);
  if (!order || order.status === 'paid') return 'ignored';
  await repo.markOrderPaid(trx, order.id, str(entityOf(payload, 'payment').id), nowIso());
  await applyPurchase(
    trx,
    ctx,
    order.site_id,
    order.plan_id,
    order.billing_cycle === 'yearly' ? 'yearly' : 'monthly',
  );
  return 'applied';
}

/** subscription.* events: the provider's recurring subscription drives status and period. */
async function applySubscriptionEvent(
  trx: Transaction<Database>,
  event: string,
  payload: Json,
): Promise<WebhookOutcome> {
  const entity = entityOf(payload, 'subscription');
  const providerId = str(entity.id);
  if (!providerId) return 'ignored';
  const notes = obj(entity.notes);
  let sub = await repo.findSubscriptionByProviderId(trx, providerId);
  const siteId = str(notes.site_id);
  if (!sub && siteId) {
    sub = await repo.findSubscriptionOfSite(trx, siteId);
  }
  if (!sub) return 'ignored';
  const now = nowIso();
  const changes: Parameters<typeof repo.updateSubscription>[2] = {
    provider_subscription_id: providerId,
    updated: now,
  };
  switch (event) {
    case 'subscription.activated':
    case 'subscription.charged':
    case 'subscription.resumed': {
      const planId = str(notes.plan_id);
      if (planId && (await repo.findPlan(trx, planId))) changes.plan_id = planId;
      const cycle = str(notes.billing_cycle) === 'yearly' ? 'yearly' : 'monthly';
      const start = unixIso(entity.current_start) ?? now;
      Object.assign(changes, {
        status: 'active',
        cancelled_at: null,
        auto_renew: 1,
        billing_cycle: cycle,
        current_period_start: start,
        current_period_end:
          unixIso(entity.current_end) ?? addMonthsIso(start, cycle === 'yearly' ? 12 : 1),
      });
      break;
    }
    case 'subscription.cancelled':
      Object.assign(changes, { status: 'cancelled', cancelled_at: now, auto_renew: 0 });
      break;
    case 'subscription.halted':
    case 'subscription.paused':
      Object.assign(changes, { status: 'inactive', auto_renew: 0 });
      break;
    case 'subscription.completed':
      Object.assign(changes, { status: 'expired', auto_renew: 0 });
      break;
    default:
      return 'ignored';
  }
  await repo.updateSubscription(trx, sub.id, changes);
  return 'applied';
}

export async function handleWebhook(
  ctx: AppContext,
  razorpay: Razorpay,
  rawBody: Buffer,
  headers: { signature: string | undefined; eventId: string | undefined },
): Promise<WebhookOutcome> {
  const valid = razorpay.webhookSignatureValid(rawBody, headers.signature ?? '');
  if (valid === null) throw new AppError('PAYMENTS_NOT_CONFIGURED');
  if (!valid) {
    ctx.logger.warn('webhook with a bad signature refused');
    throw new AppError('INVALID_SIGNATURE');
  }
  let body: Json;
  try {
    body = obj(JSON.parse(rawBody.toString('utf8')));
  } catch {
    throw new AppError('VALIDATION_FAILED', {
      _: { code: 'invalid_json', message: 'The body is not JSON' },
    });
  }
  const event = str(body.event) ?? 'unknown';
  // Razorpay always sends the id header; without it the body's hash still identifies a replay.
  const eventId =
    headers.eventId?.trim() || `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
  const payload = obj(body.payload);
  const outcome = await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await repo.recordWebhookEvent(trx, eventId.slice(0, 200), event, nowIso()))) {
      return 'duplicate' as const;
    }
    if (event === 'order.paid' || event === 'payment.captured') {
      return applyOrderPaid(trx, ctx, payload);
    }
    if (event.startsWith('subscription.')) return applySubscriptionEvent(trx, event, payload);
    return 'ignored' as const;
  });
  ctx.logger.info({ event, eventId, outcome }, 'payment webhook');
  return outcome;
}
