/**
 * What the plan allows for one resource right now (spec parts 4 and 9), read from the server's
 * subscription state. Pure, so the rule the buttons and banners follow is unit-tested; the server
 * still decides every write.
 */
import type { PlanResource, SubscriptionState, Usage } from '@siteledger/domain';

/** Why adding is blocked: the monthly cap is reached, the plan has no such feature, or the site's subscription is not active. */
export type LimitReason = 'limit' | 'disabled' | 'inactive';

export interface PlanLimit {
  blocked: boolean;
  reason: LimitReason | null;
  /** The plan's cap: -1 unlimited, 0 disabled, n per calendar month. */
  limit: number;
  /** Created this calendar month. */
  count: number;
}

/** Nothing known (loading, failed, no site): never block — the server decides. */
export const OPEN_LIMIT: PlanLimit = { blocked: false, reason: null, limit: -1, count: 0 };

/** This month's count of a resource from the usage row. */
export function usageCount(usage: Usage, resource: PlanResource): number {
  const key = `${resource}_count` as const;
  const value = usage[key];
  return Number.isFinite(value) ? value : 0;
}

/** The plan limit of one resource; inactive wins over disabled, disabled over a reached cap. */
export function planLimitFor(
  state: SubscriptionState | null | undefined,
  resource: PlanResource,
): PlanLimit {
  if (!state) return OPEN_LIMIT;
  const limit = state.limits[resource] ?? -1;
  const count = usageCount(state.usage, resource);
  const blockedBy = (reason: LimitReason): PlanLimit => ({ blocked: true, reason, limit, count });
  if (!state.active) return blockedBy('inactive');
  if (state.features_disabled.includes(resource) || limit === 0) return blockedBy('disabled');
  if (state.limits_reached.includes(resource) || (limit > 0 && count >= limit)) {
    return blockedBy('limit');
  }
  return { blocked: false, reason: null, limit, count };
}

/** Why the site is read-only, if it is: inactive, or the resources whose cap is reached. */
export type ReadOnlyCause =
  { kind: 'inactive' } | { kind: 'limits'; resources: PlanResource[] } | null;

export function readOnlyCause(state: SubscriptionState | null | undefined): ReadOnlyCause {
  if (!state || !state.read_only) return null;
  if (!state.active) return { kind: 'inactive' };
  if (state.limits_reached.length === 0) return null;
  return { kind: 'limits', resources: [...state.limits_reached] };
}

/**
 * A fingerprint of the read-only state for one site: a banner dismissed for the session comes back
 * when this changes (another resource reaches its cap, the subscription lapses).
 */
export function readOnlySignature(siteId: string, cause: ReadOnlyCause): string {
  if (!cause) return '';
  if (cause.kind === 'inactive') return `${siteId}:inactive`;
  return `${siteId}:limits:${[...cause.resources].sort().join(',')}`;
}
