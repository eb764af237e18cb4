import type { AnyDb } from './helpers.js';

/**
 * Issue 43: an RA bill a supervisor measured is approved by an owner (who and when); a change of
 * the bill's measurement takes the approval off again.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('ra_bills').addColumn('approved_at', 'text').execute();
  await db.schema
    .alterTable('ra_bills')
    .addColumn('approved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('ra_bills').dropColumn('approved_by').execute();
  await db.schema.alterTable('ra_bills').dropColumn('approved_at').execute();
}
