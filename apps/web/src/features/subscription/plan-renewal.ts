/**
 * Pure rules of the current-plan card and the plan cards (issue 26): what the owner is told about
 * the next charge, renewal, a move to Free and a failed renewal; when a plan can be paid for again
 * and when the free plan offers "Move to Free at period end".
 */
import type { Plan, SubscriptionState } from '@siteledger/domain';
import { isPaidPlan } from './usage';

/** One line under the plan's facts, in the order shown. */
export type RenewalLine =
  /** "Next charge ₹X on <date>" — the provider renews it. */
  | { kind: 'next_charge'; amount: number; date: string }
  /** "Renews automatically". */
  | { kind: 'renews' }
  /** "Does not renew — ends on <date>". */
  | { kind: 'ends'; date: string }
  /** "Moves to <plan> on <date>" with Keep (undo). */
  | { kind: 'moves'; plan: string; date: string | null }
  /** The last renewal charge failed: pay again. */
  | { kind: 'renewal_failed'; date: string };

export function renewalLines(state: SubscriptionState): RenewalLine[] {
  const sub = state.subscription;
  if (!sub) return [];
  const lines: RenewalLine[] = [];
  if (sub.renewal_failed_at) lines.push({ kind: 'renewal_failed', date: sub.renewal_failed_at });
  // A free plan with no period end has nothing to renew or end.
  if (!isPaidPlan(sub.plan) && !sub.current_period_end) return lines;
  if (sub.pending_plan) {
    lines.push({ kind: 'moves', plan: sub.pending_plan.name, date: sub.current_period_end });
    return lines;
  }
  if (state.next_charge) {
    lines.push({
      kind: 'next_charge',
      amount: state.next_charge.amount,
      date: state.next_charge.date,
    });
    lines.push({ kind: 'renews' });
    return lines;
  }
  if (sub.auto_renew && sub.status !== 'cancelled' && !sub.renewal_failed_at) {
    lines.push({ kind: 'renews' });
    return lines;
  }
  if (sub.current_period_end) lines.push({ kind: 'ends', date: sub.current_period_end });
  return lines;
}

/**
 * A renewing plan whose subscription the payment provider has cancelled (issue 39): Razorpay
 * never reactivates a cancelled subscription, so while the paid period runs the page offers a
 * new subscription instead of Reactivate (the server answers `can_reactivate: false`).
 */
export function mustSubscribeAgain(state: SubscriptionState): boolean {
  const sub = state.subscription;
  return Boolean(
    sub &&
    isPaidPlan(sub.plan) &&
    sub.status === 'cancelled' &&
    sub.provider_subscription_id !== null &&
    state.active &&
    !state.can_reactivate,
  );
}

/**
 * The current plan may be paid for again once writes stop (lapsed), in the grace after an
 * unrenewed period, or after a failed renewal charge. While a paid period still runs, paying again
 * would charge twice (a cancelled plan is reactivated instead, or subscribed to again once the
 * provider has cancelled it).
 */
export function canRenewCurrent(state: SubscriptionState): boolean {
  const sub = state.subscription;
  if (!sub || !isPaidPlan(sub.plan)) return false;
  if (!state.active || mustSubscribeAgain(state)) return true;
  return state.grace_until !== null || sub.renewal_failed_at !== null;
}

/**
 * The free plan's card offers "Move to Free at period end" while a paid plan runs (active or
 * trial, within its period or grace) and no move is already planned.
 */
export function canDowngradeTo(
  plan: Pick<Plan, 'id' | 'price' | 'yearly_price'>,
  state: SubscriptionState,
): boolean {
  const sub = state.subscription;
  if (!sub || isPaidPlan(plan) || sub.plan.id === plan.id) return false;
  if (!isPaidPlan(sub.plan) || sub.pending_plan) return false;
  return state.active && (sub.status === 'active' || sub.status === 'trial');
}
