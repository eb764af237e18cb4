import { capFromRow, PLAN_CAPS, type PlanCap, type PlanFeatureKey } from '@siteledger/domain';
import type { Insertable } from 'kysely';
import type { SiteSubscriptionsTable, SubscriptionPlansTable } from './schema.js';
import type { Executor } from './executor.js';
import { newId } from './ids.js';

/**
 * A plan without its legacy `max_*` columns: its caps are `plan_limits` rows (issue 41), read
 * with `capsOfPlan(s)`; the type keeps code from reading the columns by mistake.
 */
export type PlanRow = Omit<SubscriptionPlansTable, PlanFeatureKey>;
/** A plan's caps by PLAN_CAPS entry: -1 unlimited (a null cap, or no row), 0 disabled, n. */
export type PlanCaps = Record<PlanCap, number>;

/** Caps from `plan_limits` rows of one plan (a resource without a row is unlimited). */
export function capsFromRows(
  rows: readonly { resource: string | null; cap: number | string | null }[],
): PlanCaps {
  const stored = new Map(rows.map((r) => [r.resource, r.cap]));
  return Object.fromEntries(PLAN_CAPS.map((cap) => [cap, capFromRow(stored.get(cap))])) as PlanCaps;
}

/** The caps of each plan, by plan id. */
export async function capsOfPlans(
  db: Executor,
  planIds: readonly string[],
): Promise<Map<string, PlanCaps>> {
  const rows =
    planIds.length === 0
      ? []
      : await db
          .selectFrom('plan_limits')
          .select(['plan_id', 'resource', 'cap'])
          .where('plan_id', 'in', [...new Set(planIds)])
          .execute();
  return new Map(planIds.map((id) => [id, capsFromRows(rows.filter((r) => r.plan_id === id))]));
}

export async function capsOfPlan(db: Executor, planId: string): Promise<PlanCaps> {
  return (await capsOfPlans(db, [planId])).get(planId) ?? capsFromRows([]);
}

/**
 * Writes a plan's caps as `plan_limits` rows, one per PLAN_CAPS entry (null for unlimited):
 * `overwrite` replaces what rows say, otherwise only missing rows are added (edits stay).
 */
export async function writePlanCaps(
  db: Executor,
  planId: string,
  caps: PlanCaps,
  overwrite: boolean,
): Promise<void> {
  await db
    .insertInto('plan_limits')
    .values(
      PLAN_CAPS.map((resource) => ({
        plan_id: planId,
        resource,
        cap: caps[resource] < 0 ? null : caps[resource],
      })),
    )
    .onConflict((oc) =>
      overwrite
        ? oc.columns(['plan_id', 'resource']).doUpdateSet((eb) => ({ cap: eb.ref('excluded.cap') }))
        : oc.columns(['plan_id', 'resource']).doNothing(),
    )
    .execute();
}

/** The default active plan, else the active plan named Free (spec part 4). */
export async function findDefaultPlan(db: Executor): Promise<PlanRow | undefined> {
  const flagged = await db
    .selectFrom('subscription_plans')
    .selectAll()
    .where('is_active', '=', 1)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  if (flagged) return flagged;
  return db
    .selectFrom('subscription_plans')
    .selectAll()
    .where('is_active', '=', 1)
    .where('name', '=', 'Free')
    .executeTakeFirst();
}

/**
 * Plans of the active sites a user owns (one row per site): the sites cap of each site's plan,
 * or null for a site without a subscription yet.
 */
export async function plansOfOwnedSites(
  db: Executor,
  userId: string,
): Promise<{ site_id: string; max_sites: number | null }[]> {
  const rows = await db
    .selectFrom('site_users')
    .innerJoin('sites', 'sites.id', 'site_users.site_id')
    .leftJoin('site_subscriptions', 'site_subscriptions.site_id', 'sites.id')
    .select(['sites.id as site_id', 'site_subscriptions.plan_id'])
    .where('site_users.user_id', '=', userId)
    .where('site_users.role', '=', 'owner')
    .where('site_users.is_active', '=', 1)
    .where('sites.is_active', '=', 1)
    .execute();
  const caps = await capsOfPlans(
    db,
    rows.flatMap((r) => (r.plan_id ? [r.plan_id] : [])),
  );
  return rows.map((r) => ({
    site_id: r.site_id,
    max_sites: r.plan_id ? (caps.get(r.plan_id)?.sites ?? -1) : null,
  }));
}

/** A subscription on a free plan: active and open-ended, nothing billed, renewed or cancelled. */
const FREE_PERIOD = {
  status: 'active',
  auto_renew: 0,
  billing_cycle: null,
  cancelled_at: null,
  current_period_end: null,
  provider_subscription_id: null,
} as const;

/** A new site's subscription: the free `planId` from `now` on. */
export function freeSubscription(
  siteId: string,
  planId: string,
  now: string,
): Insertable<SiteSubscriptionsTable> {
  return {
    id: newId(),
    site_id: siteId,
    plan_id: planId,
    ...FREE_PERIOD,
    current_period_start: now,
    created: now,
    updated: now,
  };
}

/**
 * What a downgrade that takes effect sets besides the plan and the period's start: the free
 * period, with the paid one's pending plan, provider end and failed renewal cleared.
 */
export const DOWNGRADE_DONE = {
  ...FREE_PERIOD,
  pending_plan_id: null,
  provider_ended_at: null,
  renewal_failed_at: null,
} as const;
