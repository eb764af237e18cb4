import { PLAN_CAPS } from '@siteledger/domain';
import type { Db } from './database.js';
import { newId, nowIso } from './ids.js';
import { COLUMN_CAPS } from './migrations/0025-plan-limit-rows.js';
import { writePlanCaps, type PlanCaps } from './plans.js';

/**
 * The seeded plans (spec part 9; README "Plans" lists the choices where the spec is silent).
 * Prices are paise. Caps by PLAN_CAPS entry: -1 = unlimited, 0 = disabled, n = cap per calendar
 * month (sites: in total). They become `plan_limits` rows; a cap added to PLAN_CAPS is added here.
 */
export const SEED_PLANS: { name: string; price: number; yearly_price: number; caps: PlanCaps }[] = [
  {
    name: 'Free',
    price: 0,
    yearly_price: 0,
    caps: {
      items: 1,
      vendors: 1,
      deliveries: 5,
      service_bookings: 5,
      payments: 5,
      accounts: 1,
      vendor_returns: 2,
      services: 1,
      material_requests: 5,
      purchase_orders: 5,
      work_orders: 2,
      ra_bills: 5,
      workers: 10,
      sites: 1,
    },
  },
  {
    name: 'Basic',
    price: 99_900,
    yearly_price: 999_900,
    caps: { ...unlimitedCaps(), sites: 3 },
  },
];

function unlimitedCaps(): PlanCaps {
  return Object.fromEntries(PLAN_CAPS.map((cap) => [cap, -1])) as PlanCaps;
}

/**
 * The plan of servers where plans cannot be sold (no payment provider, DEFAULT_PLAN unset): no
 * caps at all. Seeded only while it is the default; otherwise it is kept inactive, so it is never
 * offered for sale (sites that already have it keep it).
 */
export const UNLIMITED_SEED_PLAN = {
  name: 'Unlimited',
  price: 0,
  yearly_price: 0,
  caps: unlimitedCaps(),
} satisfies (typeof SEED_PLANS)[number];

/** The legacy `max_*` columns (migration 0025), still NOT NULL: filled from the same caps. */
function legacyColumns(caps: PlanCaps) {
  return Object.fromEntries(COLUMN_CAPS.map((cap) => [`max_${cap}`, caps[cap]])) as Record<
    `max_${(typeof COLUMN_CAPS)[number]}`,
    number
  >;
}

/**
 * Inserts the seeded plans that are missing (existing rows keep any edits) and marks the plan
 * named by `defaultPlan` (config.ts effectiveDefaultPlan) as the only default.
 */
export async function seedPlans(db: Db, defaultPlan: string): Promise<void> {
  const unlimited = defaultPlan === UNLIMITED_SEED_PLAN.name;
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('subscription_plans')
      .set({ is_active: unlimited ? 1 : 0 })
      .where('name', '=', UNLIMITED_SEED_PLAN.name)
      .execute();
    for (const plan of unlimited ? [...SEED_PLANS, UNLIMITED_SEED_PLAN] : SEED_PLANS) {
      const existing = await trx
        .selectFrom('subscription_plans')
        .select('id')
        .where('name', '=', plan.name)
        .executeTakeFirst();
      if (existing) {
        // A cap added to PLAN_CAPS since the plan was seeded gets its row; edited rows stay.
        await writePlanCaps(trx, existing.id, plan.caps, false);
        continue;
      }
      const now = nowIso();
      const id = newId();
      await trx
        .insertInto('subscription_plans')
        .values({
          id,
          name: plan.name,
          price: plan.price,
          yearly_price: plan.yearly_price,
          currency: 'INR',
          is_active: 1,
          is_default: 0,
          ...legacyColumns(plan.caps),
          created: now,
          updated: now,
        })
        .execute();
      await writePlanCaps(trx, id, plan.caps, true);
    }
    const target = await trx
      .selectFrom('subscription_plans')
      .select('id')
      .where('name', '=', defaultPlan)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    if (!target) throw new Error(`DEFAULT_PLAN "${defaultPlan}" is not an active plan`);
    await trx
      .updateTable('subscription_plans')
      .set({ is_default: 0 })
      .where('id', '!=', target.id)
      .execute();
    await trx
      .updateTable('subscription_plans')
      .set({ is_default: 1 })
      .where('id', '=', target.id)
      .execute();
  });
}
