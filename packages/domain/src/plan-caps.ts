import { PLAN_RESOURCES, type PlanResource } from './subscription.js';

/**
 * Every cap a plan holds, one `plan_limits` row each (issue 41): the resources counted per site
 * and month (PLAN_RESOURCES), and `sites`, counted per owner in total. A new counted record type
 * is one entry in PLAN_RESOURCES: its cap is a row (none yet = unlimited) and its usage a row,
 * with no migration; the API's `max_<resource>` and `<resource>_count` fields follow the list.
 */
export const PLAN_CAPS = [...PLAN_RESOURCES, 'sites'] as const;
export type PlanCap = (typeof PLAN_CAPS)[number];

/** The plan JSON's field for a cap. */
export type PlanFeatureKey = `max_${PlanCap}`;
/** The usage JSON's field for a counted resource. */
export type UsageCountKey = `${PlanResource}_count`;

export const planFeatureKey = (cap: PlanCap): PlanFeatureKey => `max_${cap}`;
export const usageCountKey = (resource: PlanResource): UsageCountKey => `${resource}_count`;

/**
 * A stored cap as the rules and the API read it: null (or no row, or a negative number)
 * unlimited = -1; 0 disabled; n > 0 the cap.
 */
export function capFromRow(cap: number | string | null | undefined): number {
  if (cap === null || cap === undefined) return -1;
  const n = Number(cap);
  return n < 0 ? -1 : n;
}

/** A cap as stored in `plan_limits`: -1 (any negative) unlimited = null. */
export function capToRow(cap: number): number | null {
  return cap < 0 ? null : cap;
}

/** The plan JSON's `features`: `max_<cap>` for every cap, in PLAN_CAPS order. */
export function planFeaturesOf(capOf: (cap: PlanCap) => number): Record<PlanFeatureKey, number> {
  return Object.fromEntries(PLAN_CAPS.map((cap) => [planFeatureKey(cap), capOf(cap)])) as Record<
    PlanFeatureKey,
    number
  >;
}

/** The usage JSON's counts: `<resource>_count` for every counted resource. */
export function usageCountsOf(
  countOf: (resource: PlanResource) => number,
): Record<UsageCountKey, number> {
  return Object.fromEntries(
    PLAN_RESOURCES.map((resource) => [usageCountKey(resource), countOf(resource)]),
  ) as Record<UsageCountKey, number>;
}
