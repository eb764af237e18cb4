import { type AnyDb } from './helpers.js';

/** Failed sign-ins per email address, for the progressive slow-down of password guessing. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('email', 'text', (c) => c.primaryKey().notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('login_throttle').execute();
}
