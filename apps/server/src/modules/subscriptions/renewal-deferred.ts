/**
 * Subscribing again to the plan a site has already paid for (issue 39): the new Razorpay
 * subscription first charges when that paid period ends (`start_at`), so no paid day is lost;
 * checkout then only authenticates the card.
 */
import { subscriptionPhase } from '@siteledger/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/ids.js';
import { ensureSubscription } from '../../platform/plan-limits.js';
import type { ChargeOutcome } from './renewal-service.js';
import * as repo from './subscriptions-repo.js';

/** Razorpay wants a start a little in the future; a period about to end starts the new one now. */
const MIN_DEFERRAL_MS = 60 * 60 * 1000;

/**
 * When a new subscription to `planId` should first charge: at the end of the period the site
 * has already paid for on that plan when nothing renews it (paid once, cancelled here, or
 * cancelled by the provider), so subscribing again forfeits no paid day (issue 39). Null (at
 * checkout) for another plan, a renewing subscription being replaced, or no running period.
 */
export function deferredStart(
  sub: {
    plan_id: string;
    status: string;
    auto_renew: number;
    provider_subscription_id: string | null;
    provider_ended_at: string | null;
    current_period_end: string | null;
  },
  planId: string,
): string | null {
  const now = nowIso();
  const end = sub.current_period_end;
  const renewing =
    sub.status === 'active' &&
    sub.auto_renew === 1 &&
    sub.provider_subscription_id !== null &&
    sub.provider_ended_at === null;
  if (sub.plan_id !== planId || renewing || end === null) return null;
  if (subscriptionPhase(sub, now) !== 'paid') return null;
  return new Date(end).getTime() - new Date(now).getTime() > MIN_DEFERRAL_MS ? end : null;
}

/**
 * A subscription whose first charge is due later (see `deferredStart`), authenticated at
 * checkout: the site renews through it from the end of its paid period, which stays as it is.
 * Nothing is invoiced yet (the authentication is no charge); its first `subscription.charged`
 * brings the period it pays for. Verify and `subscription.authenticated` both come here.
 */
export async function linkDeferred(
  trx: Transaction<Database>,
  providerSubscriptionId: string,
): Promise<ChargeOutcome> {
  const created = await repo.findProviderSubscription(trx, providerSubscriptionId);
  if (!created?.start_at) return { applied: false, stop: null };
  await ensureSubscription(trx, created.site_id);
  const sub = await repo.lockSubscription(trx, created.site_id);
  if (!sub || sub.provider_subscription_id === providerSubscriptionId) {
    return { applied: false, stop: null };
  }
  const other = sub.provider_subscription_id;
  const newer = other ? await repo.findProviderSubscription(trx, other) : undefined;
  if (newer && newer.created > created.created) {
    // Authenticated after the site bought a newer one: that one renews, this one stops.
    return { applied: false, stop: providerSubscriptionId };
  }
  await repo.updateSubscription(trx, sub.id, {
    status: 'active',
    auto_renew: 1,
    billing_cycle: created.billing_cycle === 'yearly' ? 'yearly' : 'monthly',
    cancelled_at: null,
    pending_plan_id: null,
    renewal_failed_at: null,
    provider_subscription_id: providerSubscriptionId,
    provider_ended_at: null,
    updated: nowIso(),
  });
  // The one it follows must not charge as well (one that has ended needs no stopping).
  return { applied: true, stop: other && sub.provider_ended_at === null ? other : null };
}
