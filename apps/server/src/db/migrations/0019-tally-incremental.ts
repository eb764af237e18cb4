import { sql } from 'kysely';
import type { AnyDb } from './helpers.js';

/**
 * Issue 40 item 1: "since the last export" follows what was created, changed or deleted since
 * then. Each site-wide Tally export records its change cut-off (`cutoff`: records changed at or
 * after it go in the next incremental file) and, for an incremental file, the cut-off it started
 * from (`since`). Exports recorded before this step took their cut-off when they were recorded
 * (`created`), which is when they read the books.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tally_exports').addColumn('cutoff', 'text').execute();
  await db.schema.alterTable('tally_exports').addColumn('since', 'text').execute();
  await sql`update tally_exports set cutoff = created where cutoff is null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tally_exports').dropColumn('since').execute();
  await db.schema.alterTable('tally_exports').dropColumn('cutoff').execute();
}
