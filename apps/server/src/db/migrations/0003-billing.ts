import { withBase, withSite, type AnyDb } from './helpers.js';

/** Checkout orders created with the payment provider, and the provider's webhook events seen. */
export async function up(db: AnyDb): Promise<void> {
  await withSite(withBase(db.schema.createTable('payment_orders')))
    .addColumn('plan_id', 'text', (c) => c.notNull().references('subscription_plans.id'))
    .addColumn('billing_cycle', 'text', (c) => c.notNull())
    .addColumn('provider_order_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('payment_orders_provider_unique')
    .on('payment_orders')
    .column('provider_order_id')
    .unique()
    .execute();

  // The event id is the key, so a replayed event cannot be recorded (and applied) twice.
  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('received', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('webhook_events').execute();
  await db.schema.dropTable('payment_orders').execute();
}
