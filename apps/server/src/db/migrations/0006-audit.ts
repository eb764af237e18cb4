import { type AnyDb } from './helpers.js';

/**
 * The audit trail: one row per change to a business record, written in the change's own
 * transaction (platform/audit.ts). `changes` is JSON: { field: { old, new } } in API units.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_site_at')
    .on('audit_log')
    .columns(['site_id', 'at'])
    .execute();
  await db.schema
    .createIndex('audit_log_site_record')
    .on('audit_log')
    .columns(['site_id', 'entity', 'record_id', 'at'])
    .execute();
  await db.schema
    .createIndex('audit_log_site_user')
    .on('audit_log')
    .columns(['site_id', 'user_id', 'at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
