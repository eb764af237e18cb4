import { type AnyDb, withBase } from './helpers.js';

/**
 * Issue 47, notices that reach people: each person's choice per kind of notice (mail, WhatsApp,
 * the amount above which a bill is noticed; no row: mail on, WhatsApp off), and the daily digests
 * already sent, one row per person, kind and day, so that several instances send each once.
 */
export async function up(db: AnyDb): Promise<void> {
  await withBase(db.schema.createTable('notice_preferences'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mail', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('whatsapp', 'integer', (c) => c.notNull().defaultTo(0))
    /** Paise; null: the default amount. */
    .addColumn('amount', 'bigint')
    .addUniqueConstraint('notice_preferences_user_kind', ['user_id', 'kind'])
    .execute();
  await withBase(db.schema.createTable('notice_digests'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addUniqueConstraint('notice_digests_user_kind_day', ['user_id', 'kind', 'day'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('notice_digests').execute();
  await db.schema.dropTable('notice_preferences').execute();
}
