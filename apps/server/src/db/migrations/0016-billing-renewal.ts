import { withBase, withSite, type AnyDb } from './helpers.js';

/**
 * Issue 26: renewing Razorpay subscriptions, downgrade at period end, reminders, and a tax
 * invoice for every plan payment, numbered per financial year without gaps.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('site_subscriptions')
    .addColumn('pending_plan_id', 'text', (c) =>
      c.references('subscription_plans.id').onDelete('set null'),
    )
    .execute();
  for (const column of ['renewal_failed_at', 'billing_name', 'billing_gstin', 'billing_state']) {
    await db.schema.alterTable('site_subscriptions').addColumn(column, 'text').execute();
  }

  // A Razorpay plan per our plan, cycle and amount: a price change makes a new one.
  await withBase(db.schema.createTable('provider_plans'))
    .addColumn('plan_id', 'text', (c) =>
      c.notNull().references('subscription_plans.id').onDelete('cascade'),
    )
    .addColumn('billing_cycle', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('provider_plan_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('provider_plans_unique')
    .on('provider_plans')
    .columns(['plan_id', 'billing_cycle', 'amount'])
    .unique()
    .execute();

  // The Razorpay subscriptions created for a site, so verify accepts only its own.
  await withSite(withBase(db.schema.createTable('provider_subscriptions')))
    .addColumn('plan_id', 'text', (c) => c.notNull().references('subscription_plans.id'))
    .addColumn('billing_cycle', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('provider_subscription_id', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('provider_subscriptions_provider_unique')
    .on('provider_subscriptions')
    .column('provider_subscription_id')
    .unique()
    .execute();

  // One row per financial year: the number is taken in the payment's own transaction.
  await db.schema
    .createTable('plan_invoice_counters')
    .addColumn('financial_year', 'text', (c) => c.primaryKey().notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  // The seller must keep its invoices for years: a purged site leaves them, without the link.
  await withBase(db.schema.createTable('plan_invoices'))
    .addColumn('site_id', 'text', (c) => c.references('sites.id').onDelete('set null'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('invoice_date', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.references('subscription_plans.id').onDelete('set null'))
    .addColumn('plan_name', 'text', (c) => c.notNull())
    .addColumn('billing_cycle', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text', (c) => c.notNull())
    .addColumn('provider_subscription_id', 'text')
    .addColumn('seller_name', 'text', (c) => c.notNull())
    .addColumn('seller_address', 'text')
    .addColumn('seller_gstin', 'text')
    .addColumn('seller_state', 'text')
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_gstin', 'text')
    .addColumn('buyer_state', 'text')
    .addColumn('site_name', 'text', (c) => c.notNull())
    .addColumn('sac', 'text', (c) => c.notNull())
    .addColumn('rate', 'integer', (c) => c.notNull())
    .addColumn('taxable', 'bigint', (c) => c.notNull())
    .addColumn('cgst', 'bigint', (c) => c.notNull())
    .addColumn('sgst', 'bigint', (c) => c.notNull())
    .addColumn('igst', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .execute();
  // A payment is invoiced once; a number is given once.
  await db.schema
    .createIndex('plan_invoices_payment_unique')
    .on('plan_invoices')
    .column('provider_payment_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('plan_invoices_number_unique')
    .on('plan_invoices')
    .columns(['financial_year', 'sequence'])
    .unique()
    .execute();
  await db.schema
    .createIndex('plan_invoices_site')
    .on('plan_invoices')
    .columns(['site_id', 'created'])
    .execute();

  // Reminders sent: one per site, kind and period (or failure), whatever the hourly runs do.
  await withSite(db.schema.createTable('billing_notices'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_notices_pk', ['site_id', 'kind', 'key'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('billing_notices').execute();
  await db.schema.dropTable('plan_invoices').execute();
  await db.schema.dropTable('plan_invoice_counters').execute();
  await db.schema.dropTable('provider_subscriptions').execute();
  await db.schema.dropTable('provider_plans').execute();
  for (const column of [
    'billing_state',
    'billing_gstin',
    'billing_name',
    'renewal_failed_at',
    'pending_plan_id',
  ]) {
    await db.schema.alterTable('site_subscriptions').dropColumn(column).execute();
  }
}
