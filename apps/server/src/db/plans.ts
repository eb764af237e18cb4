import type { SubscriptionPlansTable } from './schema.js';
import type { Executor } from './executor.js';

export type PlanRow = SubscriptionPlansTable;

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

/** Plans of the active sites a user owns (one row per site). */
export function plansOfOwnedSites(db: Executor, userId: string) {
  return db
    .selectFrom('site_users')
    .innerJoin('sites', 'sites.id', 'site_users.site_id')
    .leftJoin('site_subscriptions', 'site_subscriptions.site_id', 'sites.id')
    .leftJoin('subscription_plans', 'subscription_plans.id', 'site_subscriptions.plan_id')
    .select(['sites.id as site_id', 'subscription_plans.max_sites'])
    .where('site_users.user_id', '=', userId)
    .where('site_users.role', '=', 'owner')
    .where('site_users.is_active', '=', 1)
    .where('sites.is_active', '=', 1)
    .execute();
}
