import { sql, type Insertable, type Transaction } from 'kysely';
import type {
  Database,
  PaymentOrdersTable,
  PlanInvoicesTable,
  ProviderPlansTable,
  ProviderSubscriptionsTable,
  SiteSubscriptionsTable,
} from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { forUpdate } from '../../db/locking.js';
import { DOWNGRADE_DONE } from '../../db/plans.js';

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

/** The site's usage rows of a month, one per counted resource (none before its first count). */
export function usageRows(db: Executor, siteId: string, periodStart: string) {
  return db
    .selectFrom('plan_usage')
    .select(['resource', 'count', 'period_start', 'period_end'])
    .where('site_id', '=', siteId)
    .where('period_start', '=', periodStart)
    .execute();
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

/** The Razorpay plan made for a plan, cycle and amount, if one was. */
export function findProviderPlan(db: Executor, planId: string, cycle: string, amount: number) {
  return db
    .selectFrom('provider_plans')
    .select('provider_plan_id')
    .where('plan_id', '=', planId)
    .where('billing_cycle', '=', cycle)
    .where('amount', '=', amount)
    .executeTakeFirst();
}

/** Remembers a provider plan; a racing twin's row wins and is returned. */
export async function saveProviderPlan(
  db: Executor,
  row: Insertable<ProviderPlansTable>,
): Promise<string> {
  await db
    .insertInto('provider_plans')
    .values(row)
    .onConflict((oc) => oc.columns(['plan_id', 'billing_cycle', 'amount']).doNothing())
    .execute();
  const saved = await findProviderPlan(db, row.plan_id, row.billing_cycle, Number(row.amount));
  return saved?.provider_plan_id ?? row.provider_plan_id;
}

export async function insertProviderSubscription(
  db: Executor,
  row: Insertable<ProviderSubscriptionsTable>,
): Promise<void> {
  await db.insertInto('provider_subscriptions').values(row).execute();
}

/** A Razorpay subscription we created, by its provider id. */
export function findProviderSubscription(db: Executor, providerSubscriptionId: string) {
  return db
    .selectFrom('provider_subscriptions')
    .selectAll()
    .where('provider_subscription_id', '=', providerSubscriptionId)
    .executeTakeFirst();
}

export function findInvoiceByPayment(db: Executor, providerPaymentId: string) {
  return db
    .selectFrom('plan_invoices')
    .select(['id', 'site_id'])
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();
}

/**
 * The next invoice number of a financial year, in the caller's transaction: the upsert holds the
 * year's row until commit, so concurrent payments take 1, 2, 3 … and a rolled-back payment gives
 * its number back (no gaps).
 */
export async function nextInvoiceNumber(db: Executor, financialYear: string): Promise<number> {
  const row = await db
    .insertInto('plan_invoice_counters')
    .values({ financial_year: financialYear, last_number: 1 })
    .onConflict((oc) =>
      oc
        .column('financial_year')
        .doUpdateSet({ last_number: sql<number>`plan_invoice_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export async function insertInvoice(db: Executor, row: PlanInvoicesTable): Promise<void> {
  await db.insertInto('plan_invoices').values(row).execute();
}

export function listInvoices(db: Executor, siteId: string) {
  return db
    .selectFrom('plan_invoices')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('created', 'desc')
    .orderBy('sequence', 'desc')
    .execute();
}

export function findInvoice(db: Executor, siteId: string, id: string) {
  return db
    .selectFrom('plan_invoices')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function siteForInvoice(db: Executor, siteId: string) {
  return db
    .selectFrom('sites')
    .select(['name', 'gstin', 'state_code'])
    .where('id', '=', siteId)
    .executeTakeFirst();
}

/** Records that a reminder went out; false when it already had (one per site, kind and key). */
export async function recordNotice(
  db: Executor,
  siteId: string,
  kind: string,
  key: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('billing_notices')
    .values({ site_id: siteId, kind, key, created: now })
    .onConflict((oc) => oc.columns(['site_id', 'kind', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The e-mail addresses of a site's active owners. */
export async function ownerEmails(db: Executor, siteId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('site_users as su')
    .innerJoin('users as u', 'u.id', 'su.user_id')
    .select('u.email')
    .where('su.site_id', '=', siteId)
    .where('su.role', '=', 'owner')
    .where('su.is_active', '=', 1)
    .execute();
  return rows.map((r) => r.email);
}

/** Paid periods that end (or ended) before `until` and will not renew: reminder candidates. */
export function periodsEndingBefore(db: Executor, until: string, since: string) {
  return db
    .selectFrom('site_subscriptions as s')
    .innerJoin('subscription_plans as p', 'p.id', 's.plan_id')
    .innerJoin('sites as site', 'site.id', 's.site_id')
    .select([
      's.site_id',
      's.status',
      's.auto_renew',
      's.provider_subscription_id',
      's.pending_plan_id',
      's.renewal_failed_at',
      's.current_period_end',
      'p.name as plan_name',
      'site.name as site_name',
    ])
    .where('s.current_period_end', 'is not', null)
    .where('s.current_period_end', '<=', until)
    .where('s.current_period_end', '>', since)
    .where('s.status', 'in', ['active', 'trial', 'cancelled'])
    .execute();
}

/** Moves every site whose paid period is over to the plan it was downgraded to. */
export async function applyDueDowngrades(db: Executor, now: string): Promise<void> {
  await db
    .updateTable('site_subscriptions')
    .set((eb) => ({
      ...DOWNGRADE_DONE,
      plan_id: sql<string>`pending_plan_id`,
      current_period_start: eb.ref('current_period_end'),
      updated: now,
    }))
    .where('pending_plan_id', 'is not', null)
    .where('current_period_end', '<=', now)
    .execute();
}

/** The site's name, its plan's name and period end, for a reminder. */
export function planOfSite(db: Executor, siteId: string) {
  return db
    .selectFrom('site_subscriptions as s')
    .innerJoin('subscription_plans as p', 'p.id', 's.plan_id')
    .innerJoin('sites as site', 'site.id', 's.site_id')
    .select(['p.name as plan_name', 'site.name as site_name', 's.current_period_end'])
    .where('s.site_id', '=', siteId)
    .executeTakeFirst();
}

/** Whether a provider subscription has been charged (and invoiced) before. */
export async function hasSubscriptionInvoice(
  db: Executor,
  providerSubscriptionId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('plan_invoices')
    .select('id')
    .where('provider_subscription_id', '=', providerSubscriptionId)
    .executeTakeFirst();
  return row !== undefined;
}
