import type { Transaction } from 'kysely';
import type { Database, PaymentOrdersTable, SiteSubscriptionsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { forUpdate } from '../../db/locking.js';

export function listActivePlans(db: Executor) {
  return db
    .selectFrom('subscription_plans')
    .selectAll()
    .where('is_active', '=', 1)
    .orderBy('price', 'asc')
    .orderBy('name', 'asc')
    .execute();
}

export function findActivePlan(db: Executor, id: string) {
  return db
    .selectFrom('subscription_plans')
    .selectAll()
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

export function findPlan(db: Executor, id: string) {
  return db.selectFrom('subscription_plans').selectAll().where('id', '=', id).executeTakeFirst();
}

export function usageRow(db: Executor, siteId: string, periodStart: string) {
  return db
    .selectFrom('subscription_usage')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('period_start', '=', periodStart)
    .executeTakeFirst();
}

export async function updateSubscription(
  db: Executor,
  id: string,
  changes: Partial<Omit<SiteSubscriptionsTable, 'id' | 'site_id' | 'created'>>,
): Promise<void> {
  await db.updateTable('site_subscriptions').set(changes).where('id', '=', id).execute();
}

/** The subscription row, locked until the transaction ends on PostgreSQL (SQLite is serial). */
export function lockSubscription(db: Transaction<Database>, siteId: string) {
  return forUpdate(
    db,
    db.selectFrom('site_subscriptions').selectAll().where('site_id', '=', siteId),
  ).executeTakeFirst();
}

export function findSubscriptionByProviderId(db: Executor, providerId: string) {
  return db
    .selectFrom('site_subscriptions')
    .selectAll()
    .where('provider_subscription_id', '=', providerId)
    .executeTakeFirst();
}

export async function insertOrder(db: Executor, row: PaymentOrdersTable): Promise<void> {
  await db.insertInto('payment_orders').values(row).execute();
}

export function lockOrder(db: Transaction<Database>, providerOrderId: string) {
  return forUpdate(
    db,
    db.selectFrom('payment_orders').selectAll().where('provider_order_id', '=', providerOrderId),
  ).executeTakeFirst();
}

export function findOrder(db: Executor, siteId: string, providerOrderId: string) {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('provider_order_id', '=', providerOrderId)
    .executeTakeFirst();
}

export async function markOrderPaid(
  db: Executor,
  id: string,
  paymentId: string | null,
  now: string,
): Promise<void> {
  await db
    .updateTable('payment_orders')
    .set({ status: 'paid', provider_payment_id: paymentId, updated: now })
    .where('id', '=', id)
    .execute();
}

/** Records a webhook event; false when its id was seen before (a replay). */
export async function recordWebhookEvent(
  db: Executor,
  id: string,
  event: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('webhook_events')
    .values({ id, event, received: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A site's subscription (a webhook whose provider id is not known yet names the site). */
export function findSubscriptionOfSite(db: Executor, siteId: string) {
  return db
    .selectFrom('site_subscriptions')
    .selectAll()
    .where('site_id', '=', siteId)
    .executeTakeFirst();
}
