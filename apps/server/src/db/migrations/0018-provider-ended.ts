import type { AnyDb } from './helpers.js';

/**
 * Issue 39: when Razorpay says the site's provider subscription has ended (cancelled or
 * completed). Razorpay never renews or reactivates such a subscription, so reactivation is
 * refused without asking it, and no later state change of it re-enables renewal. A new
 * subscription bought while a paid period of its plan still runs starts charging at that
 * period's end (`provider_subscriptions.start_at`), so no paid day is lost.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('site_subscriptions').addColumn('provider_ended_at', 'text').execute();
  await db.schema.alterTable('provider_subscriptions').addColumn('start_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('provider_subscriptions').dropColumn('start_at').execute();
  await db.schema.alterTable('site_subscriptions').dropColumn('provider_ended_at').execute();
}
