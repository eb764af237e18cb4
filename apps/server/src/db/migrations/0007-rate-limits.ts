import { type AnyDb } from './helpers.js';

/**
 * Request counts per client address and route, kept in the database so that several server
 * instances over one PostgreSQL share one limit (platform/rate-limit-store.ts).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey().notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_window_start')
    .on('rate_limits')
    .column('window_start')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
