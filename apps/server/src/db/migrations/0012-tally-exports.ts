import { type AnyDb, withSite } from './helpers.js';

/**
 * Issue 23 (Tally): each site-wide Tally export is recorded, so the next one can default to
 * "since the last export" (the day after the last one's `to`).
 */
export async function up(db: AnyDb): Promise<void> {
  await withSite(
    db.schema.createTable('tally_exports').addColumn('id', 'text', (c) => c.primaryKey().notNull()),
  )
    // Null: the export started at the site's first entry.
    .addColumn('from_date', 'text')
    .addColumn('to_date', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tally_exports_site_created')
    .on('tally_exports')
    .columns(['site_id', 'created'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('tally_exports').execute();
}
