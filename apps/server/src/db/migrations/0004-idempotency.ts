import { type AnyDb } from './helpers.js';

/** Idempotency keys of creates, so a create replayed by an offline client is saved once. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idempotency_keys_site_key_unique')
    .on('idempotency_keys')
    .columns(['site_id', 'key'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
