/**
 * Plan limits and subscription status (spec parts 4 and 9): one rule shared by the server, which
 * enforces it, and the web app, which explains it.
 */

/** Resources counted per site per calendar month (sites are counted per owner, in total). */
export const PLAN_RESOURCES = [
  'items',
  'vendors',
  'deliveries',
  'service_bookings',
  'payments',
  'accounts',
  'vendor_returns',
  'services',
  'material_requests',
  'purchase_orders',
] as const;
export type PlanResource = (typeof PLAN_RESOURCES)[number];

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

/**
 * Whether a subscription allows writes at `now` (ISO timestamp). Active or trial count as active
 * while their paid period lasts (no period end = open-ended, as for the free plan); a cancelled
 * subscription stays usable until its period ends; anything else is inactive.
 */
export function isSubscriptionActive(
  sub: { status: string; current_period_end: string | null },
  now: string,
): boolean {
  const withinPeriod = sub.current_period_end === null || now < sub.current_period_end;
  if (sub.status === 'active' || sub.status === 'trial') return withinPeriod;
  if (sub.status === 'cancelled') return sub.current_period_end !== null && withinPeriod;
  return false;
}

/**
 * The status to show: a stored active/trial/cancelled whose period is over reads as expired.
 */
export function effectiveStatus(
  sub: { status: string; current_period_end: string | null },
  now: string,
): SubscriptionStatus {
  const known = (SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status)
    ? (sub.status as SubscriptionStatus)
    : 'inactive';
  if (known === 'inactive' || known === 'expired') return known;
  return isSubscriptionActive(sub, now) ? known : 'expired';
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
