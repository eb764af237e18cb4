import {
  addMonthsIso,
  billingNoticeOf,
  effectiveStatus,
  graceEnd,
  isSubscriptionActive,
  renews,
  subscriptionPhase,
  limitState,
  planFeaturesOf,
  PLAN_RESOURCES,
  usageCountsOf,
  type BillingCycle,
  type CheckoutInput,
  type CheckoutOrder,
  type Plan,
  type PlanResource,
  type SubscriptionState,
  type VerifyInput,
} from '@siteledger/domain';
import { rupees } from '../../platform/record-shape.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  capsFromRows,
  capsOfPlan,
  capsOfPlans,
  type PlanCaps,
  type PlanRow,
} from '../../db/plans.js';
import { newId, nowIso } from '../../db/ids.js';
import { businessMonth } from '../../platform/business-time.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import {
  capOf,
  ensureSubscription,
  type SubscriptionWithPlan,
} from '../../platform/plan-limits.js';
import { stopReplaced, type Razorpay } from './razorpay.js';
import * as repo from './subscriptions-repo.js';
import type { SiteScope } from '../../platform/scope.js';
import { billingDetails, issueInvoice } from './plan-invoices.js';

/** A plan's JSON: `features` built from its `plan_limits` rows (`caps`), in the API's shape. */
export function toPlan(row: PlanRow, caps: PlanCaps): Plan {
  return {
    id: row.id,
    name: row.name,
    ...rupees({ price: row.price, yearly_price: row.yearly_price }),
    currency: row.currency,
    is_default: row.is_default === 1,
    features: planFeaturesOf((cap) => caps[cap]),
  };
}

export async function listPlans(ctx: AppContext): Promise<Plan[]> {
  const rows = await repo.listActivePlans(ctx.db.kysely);
  const caps = await capsOfPlans(
    ctx.db.kysely,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toPlan(row, caps.get(row.id) ?? capsFromRows([])));
}

function planOf(sub: SubscriptionWithPlan): Plan {
  return toPlan(
    {
      id: sub.plan_id,
      name: sub.plan_name,
      price: sub.plan_price,
      yearly_price: sub.plan_yearly_price,
      currency: sub.plan_currency,
      is_active: 1,
      is_default: sub.plan_is_default,
      created: sub.created,
      updated: sub.updated,
    },
    sub.caps,
  );
}

/**
 * A cancellation can be withdrawn only while it is scheduled: the paid period runs and the
 * provider subscription has not ended. Razorpay never reactivates a cancelled subscription, so
 * once it said `subscription.cancelled` (or a cancel took effect at once) a new one is needed.
 */
function canReactivate(
  sub: {
    status: string;
    provider_subscription_id: string | null;
    provider_ended_at: string | null;
    current_period_end: string | null;
  },
  now: string,
): boolean {
  return (
    sub.status === 'cancelled' &&
    sub.provider_subscription_id !== null &&
    sub.provider_ended_at === null &&
    subscriptionPhase(sub, now) === 'paid'
  );
}

const asCycle = (value: string | null): BillingCycle | null =>
  value === 'monthly' || value === 'yearly' ? value : null;

/** GET …/subscription: the plan, this month's usage against it, and what the rules make of it. */
export async function getState(scope: SiteScope, razorpay: Razorpay): Promise<SubscriptionState> {
  const { ctx, siteId } = scope;
  const sub = await ensureSubscription(ctx.db.kysely, siteId);
  const now = nowIso();
  const period = businessMonth(ctx.config.timezone);
  const rows = await repo.usageRows(ctx.db.kysely, siteId, period.start);
  const row = rows[0];
  const count = (resource: PlanResource) =>
    Number(rows.find((r) => r.resource === resource)?.count ?? 0);
  const limits = Object.fromEntries(PLAN_RESOURCES.map((r) => [r, capOf(sub, r)])) as Record<
    PlanResource,
    number
  >;
  const reached = PLAN_RESOURCES.filter((r) => limitState(limits[r], count(r)) === 'reached');
  const disabled = PLAN_RESOURCES.filter((r) => limitState(limits[r], count(r)) === 'disabled');
  const active = isSubscriptionActive(sub, now);
  const facts = {
    status: sub.status,
    current_period_end: sub.current_period_end,
    auto_renew: sub.auto_renew === 1,
    provider_subscription_id: sub.provider_subscription_id,
    pending_plan_id: sub.pending_plan_id,
    renewal_failed_at: sub.renewal_failed_at,
  };
  const cycle = asCycle(sub.billing_cycle);
  const pendingPlan = sub.pending_plan_id
    ? await repo.findPlan(ctx.db.kysely, sub.pending_plan_id)
    : undefined;
  const pendingCaps = pendingPlan ? await capsOfPlan(ctx.db.kysely, pendingPlan.id) : undefined;
  const grace = subscriptionPhase(sub, now) === 'grace' ? graceEnd(sub) : null;
  const created = sub.provider_subscription_id
    ? await repo.findProviderSubscription(ctx.db.kysely, sub.provider_subscription_id)
    : undefined;
  const renewing = created ? { amount: Number(created.amount) } : undefined;
  return {
    subscription: {
      id: sub.id,
      site: sub.site_id,
      status: effectiveStatus(sub, now),
      plan: planOf(sub),
      auto_renew: sub.auto_renew === 1,
      billing_cycle: cycle,
      cancelled_at: sub.cancelled_at,
      current_period_start: sub.current_period_start,
      current_period_end: sub.current_period_end,
      provider_subscription_id: sub.provider_subscription_id,
      pending_plan: pendingPlan && pendingCaps ? toPlan(pendingPlan, pendingCaps) : null,
      renewal_failed_at: sub.renewal_failed_at,
      created: sub.created,
      updated: sub.updated,
    },
    usage: {
      period_start: row?.period_start ?? period.start,
      period_end: row?.period_end ?? period.end,
      ...usageCountsOf(count),
    },
    limits,
    active,
    read_only: !active || reached.length > 0,
    limits_reached: reached,
    features_disabled: disabled,
    can_reactivate: canReactivate(sub, now),
    payments_configured: razorpay.configured,
    next_charge:
      renews(facts) && sub.current_period_end
        ? {
            // What the provider subscription charges, even if the plan's price changed since.
            ...rupees({
              amount:
                renewing?.amount ??
                Number(cycle === 'yearly' ? sub.plan_yearly_price : sub.plan_price),
            }),
            date: sub.current_period_end,
          }
        : null,
    grace_until: grace,
    notice: billingNoticeOf(facts, now),
    billing: scope.role === 'owner' ? await billingDetails(ctx, siteId, sub) : null,
  };
}

const badPlan = (message: string) =>
  new AppError('VALIDATION_FAILED', { plan: { code: 'invalid_plan', message } });

/** POST …/subscription/checkout: an order with the provider for the plan's price in paise. */
export async function checkout(
  scope: SiteScope,
  razorpay: Razorpay,
  input: CheckoutInput,
): Promise<CheckoutOrder> {
  const { ctx, siteId, userId } = scope;
  if (!razorpay.configured || !razorpay.keyId) throw new AppError('PAYMENTS_NOT_CONFIGURED');
  const plan = await repo.findActivePlan(ctx.db.kysely, input.plan);
  if (!plan) throw badPlan('Unknown plan');
  // Stored in paise already: "price × 100" of the spec, with the price in rupees.
  const amount = Number(input.billing_cycle === 'yearly' ? plan.yearly_price : plan.price);
  if (amount <= 0) throw badPlan('This plan is free: nothing to pay');
  const id = newId();
  const notes = { site_id: siteId, plan_id: plan.id, billing_cycle: input.billing_cycle };
  const order = await razorpay.createOrder({
    amount,
    currency: plan.currency,
    receipt: `rcpt_${id}`,
    notes,
  });
  const now = nowIso();
  await repo.insertOrder(ctx.db.kysely, {
    id,
    site_id: siteId,
    plan_id: plan.id,
    billing_cycle: input.billing_cycle,
    provider_order_id: order.id,
    amount,
    currency: plan.currency,
    status: 'created',
    provider_payment_id: null,
    created_by: userId,
    created: now,
    updated: now,
  });
  return { order_id: order.id, amount, currency: plan.currency, key_id: razorpay.keyId, notes };
}

/**
 * Puts the site on `planId` for one billing cycle. Buying the plan it already has while its
 * period runs extends that period instead of starting over, so no paid day is lost.
 */
export async function applyPurchase(
  trx: Transaction<Database>,
  ctx: AppContext,
  siteId: string,
  planId: string,
  cycle: BillingCycle,
): Promise<{ start: string; end: string; stop: string | null }> {
  await ensureSubscription(trx, siteId);
  // The locked row, not an earlier read: two purchases at once extend one after the other.
  const sub = await repo.lockSubscription(trx, siteId);
  if (!sub) throw new Error(`Subscription of site ${siteId} vanished`);
  const now = nowIso();
  const extends_ =
    sub.plan_id === planId &&
    subscriptionPhase(sub, now) === 'paid' &&
    sub.current_period_end !== null &&
    sub.current_period_end > now;
  const from = extends_ && sub.current_period_end ? sub.current_period_end : now;
  const end = addMonthsIso(from, cycle === 'yearly' ? 12 : 1);
  await repo.updateSubscription(trx, sub.id, {
    plan_id: planId,
    status: 'active',
    billing_cycle: cycle,
    cancelled_at: null,
    pending_plan_id: null,
    renewal_failed_at: null,
    // Paying per period replaces a renewing provider subscription: it must not charge as well.
    provider_subscription_id: null,
    provider_ended_at: null,
    auto_renew: 0,
    current_period_start: extends_ ? sub.current_period_start : now,
    current_period_end: end,
    updated: now,
  });
  // One that has ended needs no stopping (Razorpay would refuse to cancel it again).
  return { start: from, end, stop: sub.provider_ended_at ? null : sub.provider_subscription_id };
}

/**
 * A paid order: marks it paid, puts the site on its plan and issues the invoice, all in `trx`
 * with the order row locked (verify and the order.paid webhook both come here).
 */
export async function settleOrder(
  trx: Transaction<Database>,
  ctx: AppContext,
  order: Pick<
    Database['payment_orders'],
    'id' | 'site_id' | 'plan_id' | 'billing_cycle' | 'amount' | 'currency'
  >,
  paymentId: string | null,
): Promise<{ stop: string | null }> {
  await repo.markOrderPaid(trx, order.id, paymentId, nowIso());
  const cycle = asCycle(order.billing_cycle) ?? 'monthly';
  const period = await applyPurchase(trx, ctx, order.site_id, order.plan_id, cycle);
  // Invoiced against the payment; an order.paid without a payment id is invoiced by its order.
  await issueInvoice(trx, ctx, {
    siteId: order.site_id,
    planId: order.plan_id,
    cycle,
    periodStart: period.start,
    periodEnd: period.end,
    providerPaymentId: paymentId ?? `order:${order.id}`,
    source: 'order',
    total: Number(order.amount),
    currency: order.currency,
  });
  return { stop: period.stop };
}

/** POST …/subscription/verify: the checkout's signature against the order we created. */
export async function verify(
  scope: SiteScope,
  razorpay: Razorpay,
  input: VerifyInput,
): Promise<SubscriptionState> {
  const { ctx, siteId } = scope;
  if (!razorpay.configured) throw new AppError('PAYMENTS_NOT_CONFIGURED');
  const order = await repo.findOrder(ctx.db.kysely, siteId, input.razorpay_order_id);
  const valid =
    order !== undefined &&
    razorpay.paymentSignatureValid(
      input.razorpay_order_id,
      input.razorpay_payment_id,
      input.razorpay_signature,
    );
  if (!order || !valid) {
    ctx.logger.warn(
      { site: siteId, order: input.razorpay_order_id },
      'payment verification failed',
    );
    throw new AppError('PAYMENT_VERIFICATION_FAILED');
  }
  const stop = await ctx.db.kysely.transaction().execute(async (trx) => {
    const locked = await repo.lockOrder(trx, order.provider_order_id);
    if (!locked) throw new AppError('PAYMENT_VERIFICATION_FAILED');
    if (locked.status === 'paid') {
      // The same payment verified twice (a retried request, or the webhook came first): done.
      if (
        locked.provider_payment_id === null ||
        locked.provider_payment_id === input.razorpay_payment_id
      )
        return null;
      throw new AppError('PAYMENT_VERIFICATION_FAILED');
    }
    return (await settleOrder(trx, ctx, locked, input.razorpay_payment_id)).stop;
  });
  await stopReplaced(ctx, razorpay, stop);
  ctx.logger.info({ site: siteId, order: order.provider_order_id }, 'subscription upgraded');
  return getState(scope, razorpay);
}

/** POST …/subscription/cancel: usable until the period ends; renewals stop at the provider. */
export async function cancel(scope: SiteScope, razorpay: Razorpay): Promise<SubscriptionState> {
  const { ctx, siteId } = scope;
  const sub = await ensureSubscription(ctx.db.kysely, siteId);
  const now = nowIso();
  // Only something paid for can be cancelled: a paid period, or a provider subscription. A
  // default plan given without payment has neither, and cancelling it would lock the site.
  const cancellable =
    (sub.status === 'active' || sub.status === 'trial') &&
    subscriptionPhase(sub, now) === 'paid' &&
    Number(sub.plan_price) > 0 &&
    (sub.current_period_end !== null || sub.provider_subscription_id !== null);
  if (!cancellable) throw new AppError('NO_SUBSCRIPTION');
  // The provider first: if it cannot be told, nothing changes here and the person can retry.
  let endedNow = false;
  if (sub.provider_subscription_id && sub.provider_ended_at === null && razorpay.configured) {
    const answer = await razorpay.cancelSubscription(sub.provider_subscription_id);
    // Razorpay cancels at once what it cannot cancel at the cycle's end: that cannot be undone.
    endedNow = answer.status === 'cancelled';
  }
  await repo.updateSubscription(ctx.db.kysely, sub.id, {
    status: 'cancelled',
    cancelled_at: now,
    auto_renew: 0,
    ...(endedNow ? { provider_ended_at: now } : {}),
    updated: now,
  });
  return getState(scope, razorpay);
}

/**
 * POST …/subscription/reactivate: undoes a cancellation while the paid period lasts; the
 * provider's cancellation at cycle end is withdrawn first, so renewal resumes.
 */
export async function reactivate(scope: SiteScope, razorpay: Razorpay): Promise<SubscriptionState> {
  const { ctx, siteId } = scope;
  const sub = await ensureSubscription(ctx.db.kysely, siteId);
  const now = nowIso();
  // Nothing is asked of the provider for a subscription it has ended: it would refuse.
  if (!canReactivate(sub, now) || !sub.provider_subscription_id) {
    throw new AppError('NO_SUBSCRIPTION', { variant: 'reactivate' });
  }
  if (razorpay.configured) await razorpay.resumeSubscription(sub.provider_subscription_id);
  await repo.updateSubscription(ctx.db.kysely, sub.id, {
    status: 'active',
    cancelled_at: null,
    pending_plan_id: null,
    auto_renew: razorpay.configured ? 1 : sub.auto_renew,
    updated: now,
  });
  return getState(scope, razorpay);
}
