import type { Db } from './database.js';
import { newId, nowIso } from './ids.js';

type Limits = {
  max_items: number;
  max_vendors: number;
  max_deliveries: number;
  max_service_bookings: number;
  max_payments: number;
  max_accounts: number;
  max_vendor_returns: number;
  max_services: number;
  max_material_requests: number;
  max_purchase_orders: number;
  max_sites: number;
};

/**
 * The seeded plans (spec part 9; README "Plans" lists the choices where the spec is silent).
 * Prices are paise. -1 = unlimited, 0 = disabled, n = cap per calendar month (sites: in total).
 */
export const SEED_PLANS: { name: string; price: number; yearly_price: number; limits: Limits }[] = [
  {
    name: 'Free',
    price: 0,
    yearly_price: 0,
    limits: {
      max_items: 1,
      max_vendors: 1,
      max_deliveries: 5,
      max_service_bookings: 5,
      max_payments: 5,
      max_accounts: 1,
      max_vendor_returns: 2,
      max_services: 1,
      max_material_requests: 5,
      max_purchase_orders: 5,
      max_sites: 1,
    },
  },
  {
    name: 'Basic',
    price: 99_900,
    yearly_price: 999_900,
    limits: {
      max_items: -1,
      max_vendors: -1,
      max_deliveries: -1,
      max_service_bookings: -1,
      max_payments: -1,
      max_accounts: -1,
      max_vendor_returns: -1,
      max_services: -1,
      max_material_requests: -1,
      max_purchase_orders: -1,
      max_sites: 3,
    },
  },
];

/**
 * The plan of servers where plans cannot be sold (no payment provider, DEFAULT_PLAN unset): no
 * caps at all. Seeded only while it is the default; otherwise it is kept inactive, so it is never
 * offered for sale (sites that already have it keep it).
 */
export const UNLIMITED_SEED_PLAN = {
  name: 'Unlimited',
  price: 0,
  yearly_price: 0,
  limits: {
    max_items: -1,
    max_vendors: -1,
    max_deliveries: -1,
    max_service_bookings: -1,
    max_payments: -1,
    max_accounts: -1,
    max_vendor_returns: -1,
    max_services: -1,
    max_material_requests: -1,
    max_purchase_orders: -1,
    max_sites: -1,
  },
} satisfies (typeof SEED_PLANS)[number];

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
      if (existing) continue;
      const now = nowIso();
      await trx
        .insertInto('subscription_plans')
        .values({
          id: newId(),
          name: plan.name,
          price: plan.price,
          yearly_price: plan.yearly_price,
          currency: 'INR',
          is_active: 1,
          is_default: 0,
          ...plan.limits,
          created: now,
          updated: now,
        })
        .execute();
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
