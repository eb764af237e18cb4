/**
 * Plan limits (spec parts 4 and 9, API.md "Plan limits"), shared by every feature that creates a
 * counted record. A plan's caps are `plan_limits` rows and a site's usage `plan_usage` rows, one
 * per site, calendar month and resource, holding how many of the records created in that month
 * still exist (issue 41): both keyed by the domain's PLAN_RESOURCES, so a new counted resource
 * needs no column and no migration. A create takes a slot in its own transaction, a delete gives
 * the slot of its month back.
 *
 * The slot is taken by one conditional UPDATE (`count + n <= cap`), so two creates racing for the
 * last slot cannot both succeed: SQLite runs one write transaction at a time, and on PostgreSQL
 * the second UPDATE waits for the first's row lock and then re-checks the condition.
 */
import { sql, type Transaction } from 'kysely';
import { isSubscriptionActive, planResources, type PlanResource } from '@siteledger/domain';
import {
  capsFromRows,
  DOWNGRADE_DONE,
  findDefaultPlan,
  freeSubscription,
  type PlanCaps,
} from '../db/plans.js';
import type { Database } from '../db/schema.js';
import { newId, nowIso } from '../db/ids.js';
import { businessMonth } from './business-time.js';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';
import type { Executor } from '../db/executor.js';

/**
 * The site's subscription with its plan and the plan's caps (its `plan_limits` rows, read in the
 * same query), or undefined when it has none yet.
 */
export async function findSubscriptionWithPlan(db: Executor, siteId: string) {
  const rows = await db
    .selectFrom('site_subscriptions as s')
    .innerJoin('subscription_plans as p', 'p.id', 's.plan_id')
    .leftJoin('plan_limits as l', 'l.plan_id', 's.plan_id')
    .selectAll('s')
    .select([
      'p.name as plan_name',
      'p.price as plan_price',
      'p.yearly_price as plan_yearly_price',
      'p.currency as plan_currency',
      'p.is_default as plan_is_default',
      'l.resource as cap_resource',
      'l.cap',
    ])
    .where('s.site_id', '=', siteId)
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  const { cap_resource: _resource, cap: _cap, ...sub } = first;
  const caps: PlanCaps = capsFromRows(rows.map((r) => ({ resource: r.cap_resource, cap: r.cap })));
  return { ...sub, caps };
}
export type SubscriptionWithPlan = NonNullable<
  Awaited<ReturnType<typeof findSubscriptionWithPlan>>
>;

/**
 * The site's subscription, creating the default one when it has none (spec part 4: the default
 * active plan, else the active plan named Free; status active, auto_renew false).
 */
export async function ensureSubscription(
  db: Executor,
  siteId: string,
): Promise<SubscriptionWithPlan> {
  const found = await findSubscriptionWithPlan(db, siteId);
  if (found) return settled(db, found);
  const plan = await findDefaultPlan(db);
  if (!plan) throw new Error('No default subscription plan is seeded');
  const now = nowIso();
  await db
    .insertInto('site_subscriptions')
    .values(freeSubscription(siteId, plan.id, now))
    .onConflict((oc) => oc.column('site_id').doNothing())
    .execute();
  const created = await findSubscriptionWithPlan(db, siteId);
  if (!created) throw new Error(`Subscription of site ${siteId} could not be created`);
  return created;
}

/**
 * A downgrade whose paid period is over takes effect on the first read after it (and on the
 * hourly run): the site is on the free plan from the period's end, open-ended and active.
 */
async function settled(db: Executor, sub: SubscriptionWithPlan): Promise<SubscriptionWithPlan> {
  const now = nowIso();
  if (!sub.pending_plan_id || !sub.current_period_end || now < sub.current_period_end) return sub;
  await db
    .updateTable('site_subscriptions')
    .set({
      ...DOWNGRADE_DONE,
      plan_id: sub.pending_plan_id,
      current_period_start: sub.current_period_end,
      updated: now,
    })
    .where('id', '=', sub.id)
    // A racing read that already moved it changes nothing.
    .where('pending_plan_id', '=', sub.pending_plan_id)
    .execute();
  return (await findSubscriptionWithPlan(db, sub.site_id)) ?? sub;
}

export function capOf(sub: SubscriptionWithPlan, resource: PlanResource): number {
  return sub.caps[resource];
}

/** Writes are refused with SUBSCRIPTION_INACTIVE when the site's subscription is not active. */
export async function assertWritable(
  db: Executor,
  siteId: string,
): Promise<SubscriptionWithPlan | undefined> {
  // A site without a subscription row gets the default plan, which is active.
  const found = await findSubscriptionWithPlan(db, siteId);
  const sub = found ? await settled(db, found) : undefined;
  if (sub && !isSubscriptionActive(sub, nowIso())) throw new AppError('SUBSCRIPTION_INACTIVE');
  return sub;
}

/**
 * The usage rows of the site's month, one per counted resource, created empty when missing (all
 * at once, so every month that has rows has one for each resource; a resource added to the list
 * later gets its row the first time it is counted).
 */
export async function ensureUsageRow(
  db: Executor,
  siteId: string,
  period: { start: string; end: string },
) {
  const now = nowIso();
  await db
    .insertInto('plan_usage')
    .values(
      // Every counted type the registry declares now (a new one needs no migration).
      planResources().map((resource) => ({
        id: newId(),
        site_id: siteId,
        resource,
        period_start: period.start,
        period_end: period.end,
        count: 0,
        created: now,
        updated: now,
      })),
    )
    .onConflict((oc) => oc.columns(['site_id', 'period_start', 'resource']).doNothing())
    .execute();
}

/** A slot checked for and not yet taken: `take()` is the create transaction's last write. */
export interface QuotaSlot {
  take(): Promise<void>;
}

/**
 * Checks that `n` more records of `resource` may be created in `trx`, or refuses:
 * SUBSCRIPTION_INACTIVE, FEATURE_NOT_AVAILABLE (cap 0) or LIMIT_EXCEEDED { resource, limit, count }.
 * Call it first in the create's transaction (a refusal before anything else is read); it reads
 * and locks nothing that other writers wait for. The returned slot's `take()` must be the
 * transaction's last write: the usage row is one per site, month and resource, so every create
 * and delete of that resource on the site queues on its row lock (PostgreSQL) from that write to
 * the commit. Taken last by all of them (and no write counts two resources), it is held for one
 * statement and the commit, and no transaction holding it waits for any other lock, so it can be
 * in no deadlock (bench/ANALYSIS.md, issue 22).
 */
export async function checkQuota(
  trx: Transaction<Database>,
  ctx: AppContext,
  siteId: string,
  resource: PlanResource,
  n = 1,
  /**
   * The subscription the request's access check read a moment ago (`SiteScope.subscription`):
   * not read again. Neither read locks it, so inside the transaction it would be no fresher.
   */
  known?: SubscriptionWithPlan,
): Promise<QuotaSlot> {
  const sub = known ?? (await ensureSubscription(trx, siteId));
  if (!isSubscriptionActive(sub, nowIso())) throw new AppError('SUBSCRIPTION_INACTIVE');
  const cap = capOf(sub, resource);
  if (cap === 0) throw new AppError('FEATURE_NOT_AVAILABLE', { resource });
  const period = businessMonth(ctx.config.timezone);
  const count = async () => {
    const row = await trx
      .selectFrom('plan_usage')
      .select('count')
      .where('site_id', '=', siteId)
      .where('period_start', '=', period.start)
      .where('resource', '=', resource)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  };
  const refuse = (used: number) =>
    new AppError('LIMIT_EXCEEDED', { resource, limit: cap, count: used });
  if (cap > 0) {
    const used = await count();
    if (used + n > cap) throw refuse(used);
  }
  const increment = async () => {
    let update = trx
      .updateTable('plan_usage')
      .set({ count: sql<number>`${sql.ref('count')} + ${n}`, updated: nowIso() })
      .where('site_id', '=', siteId)
      .where('period_start', '=', period.start)
      .where('resource', '=', resource);
    // Re-checked by the write itself: two creates racing for the last slot cannot both pass.
    if (cap > 0) update = update.where('count', '<=', cap - n);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };
  return {
    async take() {
      if (await increment()) return;
      // The month's first counted record: its row is created, then counted.
      await ensureUsageRow(trx, siteId, period);
      if (await increment()) return;
      throw refuse(await count());
    },
  };
}

/**
 * Gives back the slot of a record deleted in `trx`, in the month the record was created
 * (deleting last month's record frees nothing this month; `created` is the record's). Like
 * `take()` it is the delete transaction's last write, after the record is gone: if the delete
 * fails before it, nothing was given back.
 */
export async function releaseQuota(
  trx: Transaction<Database>,
  siteId: string,
  resource: PlanResource,
  created: string,
): Promise<void> {
  await trx
    .updateTable('plan_usage')
    .set({ count: sql<number>`${sql.ref('count')} - 1`, updated: nowIso() })
    .where('site_id', '=', siteId)
    .where('resource', '=', resource)
    .where('period_start', '<=', created)
    .where('period_end', '>=', created)
    .where('count', '>=', 1)
    .execute();
}
