import { sql } from 'kysely';
import { doubleType, withBase, withSite, type AnyDb } from './helpers.js';

/** Users, sessions, sites, roles, invitations and plans. */
export async function up(db: AnyDb): Promise<void> {
  await withBase(db.schema.createTable('users'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('avatar', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon_code', 'text')
    .addColumn('legal_accepted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('legal_accepted_at', 'text')
    .execute();
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('new_email', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_tokens_user_kind')
    .on('auth_tokens')
    .columns(['user_id', 'kind'])
    .execute();

  await withBase(db.schema.createTable('sites'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('total_units', 'integer', (c) => c.notNull())
    .addColumn('total_planned_area', doubleType(db), (c) => c.notNull())
    .addColumn('admin_user', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deleted_at', 'text')
    .addColumn('purge_after', 'text')
    .execute();
  await db.schema.createIndex('sites_admin_user').on('sites').column('admin_user').execute();

  await withSite(withBase(db.schema.createTable('site_users')))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('assigned_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disowned_at', 'text')
    .execute();
  // One active role record per user and site; inactive history rows may repeat.
  await db.schema
    .createIndex('site_users_active_unique')
    .on('site_users')
    .columns(['site_id', 'user_id'])
    .unique()
    .where(sql.ref('is_active'), '=', 1)
    .execute();
  await db.schema
    .createIndex('site_users_user')
    .on('site_users')
    .columns(['user_id', 'is_active'])
    .execute();

  await withSite(withBase(db.schema.createTable('site_invitations')))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invited_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('site_invitations_site')
    .on('site_invitations')
    .columns(['site_id', 'status'])
    .execute();
  await db.schema
    .createIndex('site_invitations_email')
    .on('site_invitations')
    .columns(['email', 'status'])
    .execute();

  await withBase(db.schema.createTable('subscription_plans'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('yearly_price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('INR'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_items', 'integer', (c) => c.notNull())
    .addColumn('max_vendors', 'integer', (c) => c.notNull())
    .addColumn('max_deliveries', 'integer', (c) => c.notNull())
    .addColumn('max_service_bookings', 'integer', (c) => c.notNull())
    .addColumn('max_payments', 'integer', (c) => c.notNull())
    .addColumn('max_accounts', 'integer', (c) => c.notNull())
    .addColumn('max_vendor_returns', 'integer', (c) => c.notNull())
    .addColumn('max_services', 'integer', (c) => c.notNull())
    .addColumn('max_sites', 'integer', (c) => c.notNull())
    .execute();

  await withSite(withBase(db.schema.createTable('site_subscriptions')))
    .addColumn('plan_id', 'text', (c) => c.notNull().references('subscription_plans.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('auto_renew', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('billing_cycle', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('current_period_start', 'text')
    .addColumn('current_period_end', 'text')
    .addColumn('provider_subscription_id', 'text')
    .execute();
  await db.schema
    .createIndex('site_subscriptions_site_unique')
    .on('site_subscriptions')
    .column('site_id')
    .unique()
    .execute();

  let usage = withSite(withBase(db.schema.createTable('subscription_usage')))
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull());
  for (const resource of [
    'items',
    'vendors',
    'deliveries',
    'service_bookings',
    'payments',
    'accounts',
    'vendor_returns',
    'services',
  ]) {
    usage = usage.addColumn(`${resource}_count`, 'integer', (c) => c.notNull().defaultTo(0));
  }
  await usage.execute();
  await db.schema
    .createIndex('subscription_usage_site_period_unique')
    .on('subscription_usage')
    .columns(['site_id', 'period_start'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'subscription_usage',
    'site_subscriptions',
    'subscription_plans',
    'site_invitations',
    'site_users',
    'sites',
    'auth_tokens',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
