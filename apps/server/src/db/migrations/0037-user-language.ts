import { type AnyDb } from './helpers.js';

/**
 * Issue 47: the language a person's notices come in ('en' or 'hi', as the web app's; null: not
 * chosen, so English). The web keeps its language on the device; this is the server's copy.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
