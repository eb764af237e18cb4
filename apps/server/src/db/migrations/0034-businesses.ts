import { sql } from 'kysely';
import { type AnyDb, withBase } from './helpers.js';

/**
 * Issue 47: a business (the owner's company: name, legal name, address, GSTINs, PAN, TAN, logo)
 * owns sites. Each existing site becomes a business of its owner, named after it, with its TAN
 * (the site's id serves as the new business's: one per site, nothing to generate); the owner
 * merges them into one from Settings. A site's TAN is its business's from here on.
 */
export async function up(db: AnyDb): Promise<void> {
  await withBase(db.schema.createTable('businesses'))
    .addColumn('owner', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('legal_name', 'text')
    .addColumn('address', 'text')
    .addColumn('gstins', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('pan', 'text')
    .addColumn('tan', 'text')
    .addColumn('logo', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('businesses_owner').on('businesses').column('owner').execute();
  await db.schema
    .alterTable('sites')
    .addColumn('business_id', 'text', (c) => c.references('businesses.id'))
    .execute();
  await sql`insert into businesses (id, owner, name, gstins, tan, created_by, created, updated)
    select id, admin_user, name, '[]', tan, admin_user, created, updated from sites`.execute(db);
  await sql`update sites set business_id = id`.execute(db);
  await db.schema.createIndex('sites_business').on('sites').column('business_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('sites_business').execute();
  await db.schema.alterTable('sites').dropColumn('business_id').execute();
  await db.schema.dropTable('businesses').execute();
}
