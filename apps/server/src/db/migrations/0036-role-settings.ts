import { type AnyDb } from './helpers.js';

/**
 * Issue 47: what each role may do, per business (JSON of domain `zRoleSettings`; missing keys
 * are at their defaults, spec part 6's, so existing businesses keep today's behaviour).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('businesses')
    .addColumn('role_settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('businesses').dropColumn('role_settings').execute();
}
