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
import { stopReplaced, type Razorpay } from './razorpay.js';
import * as repo from './subscriptions-repo.js';
import { remindFailedCharge } from './billing-reminders.js';
import { linkDeferred } from './renewal-deferred.js';
import { recordCharge } from './renewal-service.js';
import { settleOrder } from './subscriptions-service.js';

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

/** What a failure event asks the owners to hear about, after the commit. */
interface Followup {
  failedSite?: { siteId: string; key: string };
  /** A provider subscription to cancel at once (replaced by a newer one). */
  stop?: string | null;
}

/** A paid order: the same upgrade as verify, for a buyer whose browser closed before it ran. */
async function applyOrderPaid(
  trx: Transaction<Database>,
  ctx: AppContext,
  payload: Json,
  followup: Followup,
) {
  const orderId = str(entityOf(payload, 'order').id) ?? str(entityOf(payload, 'payment').order_id);
  if (!orderId) return 'ignored';
  const order = await repo.lockOrder(trx, orderId);
  if (!order || order.status === 'paid') return 'ignored';
  followup.stop = (await settleOrder(trx, ctx, order, str(entityOf(payload, 'payment').id))).stop;
  return 'applied';
}

/**
 * The subscription a payment.failed belongs to, if it is one of a subscription's charges.
 * Razorpay's payment.failed carries only the payment entity, whose link to a subscription is its
 * invoice (`invoice_id` → `GET /v1/invoices/{id}` → `subscription_id`); a body that names the
 * subscription itself is taken at its word. Runs before the transaction (a network call); an
 * outage at the provider answers 502, so Razorpay delivers the event again later.
 */
async function failedPaymentSubscription(
  razorpay: Razorpay,
  payload: Json,
): Promise<string | null> {
  const payment = entityOf(payload, 'payment');
  const named = str(payment.subscription_id) ?? str(entityOf(payload, 'subscription').id);
  if (named) return named;
  const invoiceId = str(payment.invoice_id);
  // A one-off order's payment has no invoice: nothing renews, nothing to tell.
  return invoiceId && razorpay.configured ? razorpay.invoiceSubscription(invoiceId) : null;
}

/** subscription.* events: the provider's recurring subscription drives status and period. */
async function applySubscriptionEvent(
  trx: Transaction<Database>,
  ctx: AppContext,
  event: string,
  payload: Json,
  followup: Followup,
  /** For payment.failed: the subscription its invoice belongs to, looked up beforehand. */
  failedSubscription: string | null,
): Promise<WebhookOutcome> {
  const entity = entityOf(payload, 'subscription');
  const providerId = event === 'payment.failed' ? failedSubscription : str(entity.id);
  if (!providerId) return 'ignored';
  const payment = entityOf(payload, 'payment');
  const ours = await repo.findProviderSubscription(trx, providerId);
  if (ours?.start_at && event === 'subscription.authenticated') {
    // Bought to start at the end of a paid period: renewing from then on (a closed browser).
    const outcome = await linkDeferred(trx, providerId);
    followup.stop = outcome.stop;
    return outcome.applied ? 'applied' : 'ignored';
  }
  if (ours && (event === 'subscription.charged' || event === 'subscription.activated')) {
    // A charge of a subscription bought here: period, plan and invoice (once per payment).
    const paymentId = event === 'subscription.charged' ? str(payment.id) : null;
    const amount = typeof payment.amount === 'number' ? payment.amount : null;
    const outcome = await recordCharge(trx, ctx, providerId, {
      paymentId,
      amount,
      periodStart: unixIso(entity.current_start),
      periodEnd: unixIso(entity.current_end),
    });
    followup.stop = outcome.stop;
    return outcome.applied ? 'applied' : 'ignored';
  }
  const notes = obj(entity.notes);
  let sub = await repo.findSubscriptionByProviderId(trx, providerId);
  const siteId = ours?.site_id ?? str(notes.site_id);
  const starts = ['subscription.activated', 'subscription.charged', 'subscription.resumed'];
  if (!sub && siteId && starts.includes(event)) {
    // Known by the site it names (a subscription made outside checkout): it becomes the site's.
    sub = await repo.findSubscriptionOfSite(trx, siteId);
  }
  // Other events concern the site's current provider subscription only: a late event of one it
  // replaced (cancelled when the new one was bought) must not touch it.
  if (
    !sub ||
    (sub.provider_subscription_id !== null && sub.provider_subscription_id !== providerId)
  ) {
    return 'ignored';
  }
  const now = nowIso();
  const changes: Parameters<typeof repo.updateSubscription>[2] = {
    provider_subscription_id: providerId,
    updated: now,
  };
  const current = sub.provider_subscription_id === providerId;
  // A subscription the site takes on now has not ended; one it has may have (issue 39).
  if (!current) changes.provider_ended_at = null;
  switch (event) {
    case 'subscription.activated':
    case 'subscription.resumed':
      if (current) {
        // Back to active after pending, halted or paused: Razorpay charges only the invoices
        // from now on, not the unpaid cycle, so the paid period stays where it is (issue 39).
        if (sub.provider_ended_at) return 'ignored';
        Object.assign(changes, {
          status: 'active',
          cancelled_at: null,
          auto_renew: sub.pending_plan_id ? sub.auto_renew : 1,
          renewal_failed_at: null,
        });
        break;
      }
      return adopt(trx, sub, notes, entity, changes, now, false);
    case 'subscription.charged':
      // A late charge of one that has ended pays its period but renews nothing.
      return adopt(trx, sub, notes, entity, changes, now, current && !!sub.provider_ended_at);
    case 'subscription.cancelled':
      // Razorpay never renews or reactivates a cancelled subscription.
      changes.provider_ended_at = sub.provider_ended_at ?? now;
      // A downgrade cancelled it on purpose: the free plan follows at the period's end.
      Object.assign(
        changes,
        sub.pending_plan_id
          ? { auto_renew: 0 }
          : { status: 'cancelled', cancelled_at: sub.cancelled_at ?? now, auto_renew: 0 },
      );
      break;
    case 'subscription.pending':
    case 'subscription.halted':
    case 'payment.failed':
      // The renewal charge failed: the paid period and the grace after it still hold.
      Object.assign(changes, {
        renewal_failed_at: sub.renewal_failed_at ?? now,
        ...(event === 'subscription.halted' ? { auto_renew: 0 } : {}),
      });
      followup.failedSite = {
        siteId: sub.site_id,
        key: `period:${sub.current_period_end ?? 'open'}`,
      };
      break;
    case 'subscription.paused':
      Object.assign(changes, { status: 'inactive', auto_renew: 0 });
      break;
    case 'subscription.completed':
      Object.assign(changes, {
        status: 'expired',
        auto_renew: 0,
        provider_ended_at: sub.provider_ended_at ?? now,
      });
      break;
    default:
      return 'ignored';
  }
  await repo.updateSubscription(trx, sub.id, changes);
  return 'applied';
}

/**
 * A subscription made outside checkout (known by the site its notes name) charged, or started
 * for the site: plan, status and the provider's period. Only a charge moves a period the site
 * already has from this subscription; its first activation carries the first charge's period.
 */
async function adopt(
  trx: Transaction<Database>,
  sub: { id: string },
  notes: Json,
  entity: Json,
  changes: Parameters<typeof repo.updateSubscription>[2],
  now: string,
  ended: boolean,
): Promise<WebhookOutcome> {
  const planId = str(notes.plan_id);
  if (planId && (await repo.findPlan(trx, planId))) changes.plan_id = planId;
  const cycle = str(notes.billing_cycle) === 'yearly' ? 'yearly' : 'monthly';
  const start = unixIso(entity.current_start) ?? now;
  if (!ended) {
    Object.assign(changes, { status: 'active', cancelled_at: null, auto_renew: 1 });
  }
  Object.assign(changes, {
    renewal_failed_at: null,
    billing_cycle: cycle,
    current_period_start: start,
    current_period_end:
      unixIso(entity.current_end) ?? addMonthsIso(start, cycle === 'yearly' ? 12 : 1),
  });
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
  const failedSubscription =
    event === 'payment.failed' ? await failedPaymentSubscription(razorpay, payload) : null;
  const followup: Followup = {};
  const outcome = await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await repo.recordWebhookEvent(trx, eventId.slice(0, 200), event, nowIso()))) {
      return 'duplicate' as const;
    }
    if (event === 'order.paid' || event === 'payment.captured') {
      return applyOrderPaid(trx, ctx, payload, followup);
    }
    if (event.startsWith('subscription.') || event === 'payment.failed') {
      return applySubscriptionEvent(trx, ctx, event, payload, followup, failedSubscription);
    }
    return 'ignored' as const;
  });
  await stopReplaced(ctx, razorpay, followup.stop ?? null);
  if (followup.failedSite) {
    const { siteId, key } = followup.failedSite;
    await remindFailedCharge(ctx, siteId, key).catch((error: unknown) =>
      ctx.logger.error({ err: error, site: siteId }, 'failed-charge reminder failed'),
    );
  }
  ctx.logger.info({ event, eventId, outcome }, 'payment webhook');
  return outcome;
}
