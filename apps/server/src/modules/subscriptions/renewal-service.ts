/**
 * Plans that renew (issue 26): Razorpay Subscriptions bought through checkout, their charges
 * (each extends the period and gets an invoice), and the move to a free plan at period end.
 */
import {
  addMonthsIso,
  subscriptionPhase,
  type BillingCycle,
  type DowngradeInput,
  type SubscribeResult,
  type SubscriptionState,
  type VerifySubscriptionInput,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId, nowIso } from '../../db/ids.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ensureSubscription } from '../../platform/plan-limits.js';
import type { SiteScope } from '../../platform/scope.js';
import { issueInvoice } from './plan-invoices.js';
import { stopReplaced, type Razorpay } from './razorpay.js';
import * as repo from './subscriptions-repo.js';
import { getState } from './subscriptions-service.js';
import { deferredStart, linkDeferred } from './renewal-deferred.js';

/** Renewals Razorpay is asked for: ten years of either cycle (its limit is 100 years). */
const TOTAL_COUNT: Record<BillingCycle, number> = { monthly: 120, yearly: 10 };

const badPlan = (message: string) =>
  new AppError('VALIDATION_FAILED', { plan: { code: 'invalid_plan', message } });

/** The provider plan for our plan at this cycle and price, made on first use. */
async function providerPlan(
  ctx: AppContext,
  razorpay: Razorpay,
  plan: { id: string; name: string; currency: string },
  cycle: BillingCycle,
  amount: number,
): Promise<string> {
  const db = ctx.db.kysely;
  const known = await repo.findProviderPlan(db, plan.id, cycle, amount);
  if (known) return known.provider_plan_id;
  const id = await razorpay.createPlan({
    period: cycle,
    name: `SiteLedger ${plan.name} (${cycle})`,
    amount,
    currency: plan.currency,
    notes: { plan_id: plan.id, billing_cycle: cycle },
  });
  const now = nowIso();
  return repo.saveProviderPlan(db, {
    id: newId(),
    plan_id: plan.id,
    billing_cycle: cycle,
    amount,
    provider_plan_id: id,
    created: now,
    updated: now,
  });
}

/** POST …/subscription/subscribe: a Razorpay subscription for checkout to authorise. */
export async function subscribe(
  scope: SiteScope,
  razorpay: Razorpay,
  input: { plan: string; billing_cycle: BillingCycle },
): Promise<SubscribeResult> {
  const { ctx, siteId, userId } = scope;
  if (!razorpay.configured || !razorpay.keyId) throw new AppError('PAYMENTS_NOT_CONFIGURED');
  const plan = await repo.findActivePlan(ctx.db.kysely, input.plan);
  if (!plan) throw badPlan('Unknown plan');
  const cycle = input.billing_cycle;
  const amount = Number(cycle === 'yearly' ? plan.yearly_price : plan.price);
  if (amount <= 0) throw badPlan('This plan is free: nothing to pay');
  const planId = await providerPlan(ctx, razorpay, plan, cycle, amount);
  const notes = { site_id: siteId, plan_id: plan.id, billing_cycle: cycle };
  const startAt = deferredStart(await ensureSubscription(ctx.db.kysely, siteId), plan.id);
  const subscriptionId = await razorpay.createSubscription({
    planId,
    totalCount: TOTAL_COUNT[cycle],
    notes,
    ...(startAt ? { startAt: Math.floor(new Date(startAt).getTime() / 1000) } : {}),
  });
  const now = nowIso();
  await repo.insertProviderSubscription(ctx.db.kysely, {
    id: newId(),
    site_id: siteId,
    plan_id: plan.id,
    billing_cycle: cycle,
    amount,
    currency: plan.currency,
    provider_subscription_id: subscriptionId,
    start_at: startAt,
    created_by: userId,
    created: now,
    updated: now,
  });
  return {
    subscription_id: subscriptionId,
    amount,
    currency: plan.currency,
    key_id: razorpay.keyId,
    notes,
  };
}

export interface Charge {
  /** Razorpay payment id; null for events that carry no payment (activated, resumed). */
  paymentId: string | null;
  /** Paise, when the provider said. */
  amount: number | null;
  /** The provider's period for this charge, ISO, when it said. */
  periodStart: string | null;
  periodEnd: string | null;
}

export interface ChargeOutcome {
  /** False when the payment had been recorded already (or the subscription is not ours). */
  applied: boolean;
  /**
   * A provider subscription that must stop charging, to be cancelled at the provider after the
   * commit: the one this charge replaced, or this one when a newer one had replaced it.
   */
  stop: string | null;
}

/**
 * A charge of a provider subscription we created: the site is on its plan, renewing, for the
 * charged period, and the payment gets its invoice. Runs in `trx` with the site's subscription
 * row locked first, so verify and the webhook for the same payment apply it once.
 */
export async function recordCharge(
  trx: Transaction<Database>,
  ctx: AppContext,
  providerSubscriptionId: string,
  charge: Charge,
): Promise<ChargeOutcome> {
  const none = { applied: false, stop: null };
  const created = await repo.findProviderSubscription(trx, providerSubscriptionId);
  if (!created) return none;
  await ensureSubscription(trx, created.site_id);
  const sub = await repo.lockSubscription(trx, created.site_id);
  if (!sub) return none;
  if (charge.paymentId && (await repo.findInvoiceByPayment(trx, charge.paymentId))) {
    // Recorded before: only a later period from the provider is taken (it is the authority).
    if (
      sub.provider_subscription_id === providerSubscriptionId &&
      charge.periodEnd &&
      sub.current_period_end &&
      charge.periodEnd > sub.current_period_end
    ) {
      await repo.updateSubscription(trx, sub.id, {
        current_period_start: charge.periodStart ?? sub.current_period_start,
        current_period_end: charge.periodEnd,
        updated: nowIso(),
      });
    }
    return none;
  }
  const current = sub.provider_subscription_id;
  const other = current !== null && current !== providerSubscriptionId ? current : null;
  const newer = other ? await repo.findProviderSubscription(trx, other) : undefined;
  if (newer && newer.created > created.created) {
    // A late charge of a subscription the site has since replaced: the money was taken, so it
    // is invoiced, but the site stays on the newer one and this one is stopped.
    ctx.logger.warn(
      { site: created.site_id, subscription: providerSubscriptionId, payment: charge.paymentId },
      'charge of a replaced subscription',
    );
    if (charge.paymentId) {
      const start = charge.periodStart ?? nowIso();
      await issueInvoice(trx, ctx, {
        siteId: created.site_id,
        planId: created.plan_id,
        cycle: created.billing_cycle === 'yearly' ? 'yearly' : 'monthly',
        periodStart: start,
        periodEnd:
          charge.periodEnd ?? addMonthsIso(start, created.billing_cycle === 'yearly' ? 12 : 1),
        providerPaymentId: charge.paymentId,
        providerSubscriptionId,
        source: 'subscription',
        total: charge.amount ?? Number(created.amount),
        currency: created.currency,
      });
    }
    return { applied: true, stop: providerSubscriptionId };
  }
  const now = nowIso();
  const same = current === providerSubscriptionId;
  if (same && !charge.paymentId) {
    // An activation of the subscription the site is already on (after pending or halted) is a
    // state change, not a charge: Razorpay charges only the invoices after it, never the
    // unpaid cycle, so the paid period stays (issue 39). Renewal is back on.
    if (sub.provider_ended_at) return none;
    await repo.updateSubscription(trx, sub.id, {
      status: 'active',
      cancelled_at: null,
      auto_renew: sub.pending_plan_id ? sub.auto_renew : 1,
      renewal_failed_at: null,
      updated: now,
    });
    return { applied: true, stop: null };
  }
  // A late charge of a subscription that has since ended pays for its period, renews nothing.
  const ended = same && sub.provider_ended_at !== null;
  const cycle: BillingCycle = created.billing_cycle === 'yearly' ? 'yearly' : 'monthly';
  const period = await chargedPeriod(trx, sub, providerSubscriptionId, charge, cycle, now);
  await repo.updateSubscription(trx, sub.id, {
    plan_id: created.plan_id,
    ...(ended
      ? {}
      : { status: 'active', auto_renew: 1, cancelled_at: null, pending_plan_id: null }),
    billing_cycle: cycle,
    renewal_failed_at: null,
    provider_subscription_id: providerSubscriptionId,
    ...(same ? {} : { provider_ended_at: null }),
    current_period_start: period.start,
    current_period_end: period.end,
    updated: now,
  });
  if (charge.paymentId) {
    await issueInvoice(trx, ctx, {
      siteId: created.site_id,
      planId: created.plan_id,
      cycle,
      periodStart: period.start,
      periodEnd: period.end,
      providerPaymentId: charge.paymentId,
      providerSubscriptionId,
      source: 'subscription',
      total: charge.amount ?? Number(created.amount),
      currency: created.currency,
    });
  }
  // One that has ended at the provider needs no stopping (it would refuse to cancel it again).
  return { applied: true, stop: other && sub.provider_ended_at === null ? other : null };
}

/**
 * The period a charge pays for: the provider's when it says; else a renewal (this subscription
 * was charged before) continues the current period; else the first charge keeps the period its
 * `subscription.activated` set, or starts now.
 */
async function chargedPeriod(
  trx: Transaction<Database>,
  sub: {
    provider_subscription_id: string | null;
    current_period_start: string | null;
    current_period_end: string | null;
    status: string;
  },
  providerSubscriptionId: string,
  charge: Charge,
  cycle: BillingCycle,
  now: string,
): Promise<{ start: string; end: string }> {
  const next = (from: string) => addMonthsIso(from, cycle === 'yearly' ? 12 : 1);
  if (charge.periodStart) {
    return { start: charge.periodStart, end: charge.periodEnd ?? next(charge.periodStart) };
  }
  const same = sub.provider_subscription_id === providerSubscriptionId;
  const running =
    same && sub.current_period_end !== null && subscriptionPhase(sub, now) !== 'lapsed';
  if (running && sub.current_period_end) {
    const renewal = await repo.hasSubscriptionInvoice(trx, providerSubscriptionId);
    if (renewal) return { start: sub.current_period_end, end: next(sub.current_period_end) };
    if (sub.current_period_start && sub.current_period_end > now) {
      return { start: sub.current_period_start, end: sub.current_period_end };
    }
  }
  return { start: now, end: next(now) };
}

/** POST …/subscription/verify with a subscription's checkout answer. */
export async function verifySubscription(
  scope: SiteScope,
  razorpay: Razorpay,
  input: VerifySubscriptionInput,
): Promise<SubscriptionState> {
  const { ctx, siteId } = scope;
  if (!razorpay.configured) throw new AppError('PAYMENTS_NOT_CONFIGURED');
  const created = await repo.findProviderSubscription(
    ctx.db.kysely,
    input.razorpay_subscription_id,
  );
  const valid =
    created?.site_id === siteId &&
    razorpay.subscriptionSignatureValid(
      input.razorpay_subscription_id,
      input.razorpay_payment_id,
      input.razorpay_signature,
    );
  if (!created || !valid) {
    ctx.logger.warn(
      { site: siteId, subscription: input.razorpay_subscription_id },
      'subscription verification failed',
    );
    throw new AppError('PAYMENT_VERIFICATION_FAILED');
  }
  // A deferred start: checkout only authenticated the card (however late verify comes), no
  // period has been charged by it.
  const deferred = created.start_at !== null;
  const outcome = await ctx.db.kysely.transaction().execute((trx) =>
    deferred
      ? linkDeferred(trx, input.razorpay_subscription_id)
      : recordCharge(trx, ctx, input.razorpay_subscription_id, {
          paymentId: input.razorpay_payment_id,
          amount: null,
          periodStart: null,
          periodEnd: null,
        }),
  );
  // The site renews through the new one now; the old one must not charge again.
  await stopReplaced(ctx, razorpay, outcome.stop);
  ctx.logger.info({ site: siteId, subscription: created.provider_subscription_id }, 'subscribed');
  return getState(scope, razorpay);
}

/** POST …/subscription/downgrade: the free plan from the end of the paid period. */
export async function downgrade(
  scope: SiteScope,
  razorpay: Razorpay,
  input: DowngradeInput,
): Promise<SubscriptionState> {
  const { ctx, siteId } = scope;
  const plan = await repo.findActivePlan(ctx.db.kysely, input.plan);
  if (!plan) throw badPlan('Unknown plan');
  if (Number(plan.price) > 0 || Number(plan.yearly_price) > 0) {
    throw badPlan('Only a free plan can be moved to at the end of the period');
  }
  const sub = await ensureSubscription(ctx.db.kysely, siteId);
  const now = nowIso();
  // Any paid plan with a period, lapsed too: a read-only site gets back to Free this way (its
  // period is over, so the move takes effect on the next read).
  const paid = Number(sub.plan_price) > 0 && sub.current_period_end !== null;
  if (!paid || sub.plan_id === plan.id) throw new AppError('NO_SUBSCRIPTION');
  // The provider first: if it cannot be told, nothing changes here and the owner can retry.
  if (
    sub.provider_subscription_id &&
    sub.provider_ended_at === null &&
    sub.auto_renew === 1 &&
    razorpay.configured
  ) {
    await razorpay.cancelSubscription(sub.provider_subscription_id, true);
  }
  await repo.updateSubscription(ctx.db.kysely, sub.id, {
    pending_plan_id: plan.id,
    auto_renew: 0,
    updated: now,
  });
  return getState(scope, razorpay);
}

/** DELETE …/subscription/downgrade: keeps the paid plan (and its renewal, if it had one). */
export async function undoDowngrade(
  scope: SiteScope,
  razorpay: Razorpay,
): Promise<SubscriptionState> {
  const { ctx, siteId } = scope;
  const sub = await ensureSubscription(ctx.db.kysely, siteId);
  if (!sub.pending_plan_id) throw new AppError('NO_SUBSCRIPTION', { variant: 'reactivate' });
  // A provider subscription that has ended cannot renew again: the plan is kept to its end.
  const renewing =
    sub.provider_subscription_id !== null &&
    sub.provider_ended_at === null &&
    sub.status === 'active';
  if (renewing && sub.provider_subscription_id && razorpay.configured) {
    await razorpay.resumeSubscription(sub.provider_subscription_id);
  }
  await repo.updateSubscription(ctx.db.kysely, sub.id, {
    pending_plan_id: null,
    auto_renew: renewing && razorpay.configured ? 1 : sub.auto_renew,
    updated: nowIso(),
  });
  return getState(scope, razorpay);
}
