/**
 * Plan limits and subscription status (spec parts 4 and 9): one rule shared by the server, which
 * enforces it, and the web app, which explains it.
 */
import { RECORD_TYPES, type PlanCounted } from './registry/index.js';

/**
 * Resources counted per site per calendar month (sites are counted per owner, in total): the
 * registry's record types flagged `planResource`, in its order (registry/index.ts).
 */
export type PlanResource = PlanCounted;
export const PLAN_RESOURCES = RECORD_TYPES.filter(
  (type): type is Extract<(typeof RECORD_TYPES)[number], { planResource: true }> =>
    'planResource' in type && type.planResource,
).map((type) => type.collection) as readonly PlanResource[] as readonly [
  PlanResource,
  ...PlanResource[],
];

export const SUBSCRIPTION_STATUSES = [
  'active',
  'trial',
  'cancelled',
  'inactive',
  'expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** -1 unlimited, 0 disabled, n > 0 a cap reached when count ≥ n. */
export type LimitState = 'unlimited' | 'disabled' | 'reached' | 'available';

export function limitState(cap: number, count: number): LimitState {
  if (cap < 0) return 'unlimited';
  if (cap === 0) return 'disabled';
  return count >= cap ? 'reached' : 'available';
}

/** Days a paid period that ended without renewal keeps the site writable (issue 26). */
export const GRACE_DAYS = 7;
/** Days before a period's end when an owner is reminded that it will not renew. */
export const REMINDER_DAYS = [7, 1] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

interface PeriodOf {
  status: string;
  current_period_end: string | null;
}

/**
 * When the grace after a lapsed paid period ends: active or trial subscriptions with a period end
 * get GRACE_DAYS more; a cancelled one does not (API.md: it stops at its period end), nor does an
 * open-ended one (nothing lapses).
 */
export function graceEnd(sub: PeriodOf): string | null {
  if (sub.current_period_end === null) return null;
  if (sub.status !== 'active' && sub.status !== 'trial') return null;
  return new Date(new Date(sub.current_period_end).getTime() + GRACE_DAYS * DAY_MS).toISOString();
}

/**
 * Where a subscription stands at `now`: `paid` within its period (or open-ended), `grace` in the
 * GRACE_DAYS after an unrenewed period, `lapsed` after that or when cancelled past its end,
 * inactive or expired.
 */
export function subscriptionPhase(sub: PeriodOf, now: string): 'paid' | 'grace' | 'lapsed' {
  const withinPeriod = sub.current_period_end === null || now < sub.current_period_end;
  if (sub.status === 'active' || sub.status === 'trial') {
    if (withinPeriod) return 'paid';
    const grace = graceEnd(sub);
    return grace !== null && now < grace ? 'grace' : 'lapsed';
  }
  if (sub.status === 'cancelled') {
    return sub.current_period_end !== null && withinPeriod ? 'paid' : 'lapsed';
  }
  return 'lapsed';
}

/**
 * Whether a subscription allows writes at `now` (ISO timestamp). Active or trial count as active
 * while their paid period lasts (no period end = open-ended, as for the free plan) and through the
 * grace after it; a cancelled subscription stays usable until its period ends; anything else is
 * inactive.
 */
export function isSubscriptionActive(sub: PeriodOf, now: string): boolean {
  return subscriptionPhase(sub, now) !== 'lapsed';
}

/**
 * The status to show: a stored active/trial/cancelled whose period is over reads as expired
 * (also during the grace, when writes still work: the banner says so).
 */
export function effectiveStatus(sub: PeriodOf, now: string): SubscriptionStatus {
  const known = (SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status)
    ? (sub.status as SubscriptionStatus)
    : 'inactive';
  if (known === 'inactive' || known === 'expired') return known;
  return subscriptionPhase(sub, now) === 'paid' ? known : 'expired';
}

/** Whole days from `now` until `end` (rounded up): 7 on the day a week before. */
export function daysUntil(end: string, now: string): number {
  return Math.ceil((new Date(end).getTime() - new Date(now).getTime()) / DAY_MS);
}

/** Adds whole calendar months to an ISO timestamp, clamping to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonthsIso(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString();
}

export interface BillingFacts {
  status: string;
  current_period_end: string | null;
  auto_renew: boolean;
  provider_subscription_id: string | null;
  pending_plan_id: string | null;
  renewal_failed_at: string | null;
}

/** The provider will charge again at the period's end. */
export function renews(sub: BillingFacts): boolean {
  return (
    sub.status === 'active' &&
    sub.auto_renew &&
    sub.provider_subscription_id !== null &&
    sub.pending_plan_id === null &&
    sub.renewal_failed_at === null
  );
}

/**
 * What the billing banner says at `now` (issue 26), most urgent first: read-only after the grace,
 * a failed renewal charge, the grace, a paid period ending within 7 days that will not renew.
 * A pending downgrade needs no warning: the site simply moves to the free plan.
 */
export function billingNoticeOf(
  sub: BillingFacts,
  now: string,
): {
  kind: 'ends_soon' | 'grace' | 'payment_failed' | 'lapsed';
  date: string;
  days: number;
} | null {
  const end = sub.current_period_end;
  if (end === null) return null;
  const phase = subscriptionPhase(sub, now);
  if (phase === 'lapsed') return { kind: 'lapsed', date: end, days: daysUntil(end, now) };
  if (sub.renewal_failed_at !== null) {
    return { kind: 'payment_failed', date: sub.renewal_failed_at, days: daysUntil(end, now) };
  }
  const grace = graceEnd(sub);
  if (phase === 'grace' && grace !== null) {
    return { kind: 'grace', date: grace, days: daysUntil(grace, now) };
  }
  if (renews(sub) || sub.pending_plan_id !== null) return null;
  const days = daysUntil(end, now);
  return days <= REMINDER_DAYS[0] ? { kind: 'ends_soon', date: end, days } : null;
}
