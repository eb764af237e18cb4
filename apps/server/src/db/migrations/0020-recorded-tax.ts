import { sql } from 'kysely';
import type { AnyDb } from './helpers.js';

/**
 * Issue 40 (items 2 and 3): a bill keeps the tax it was recorded with. Each delivery, service
 * booking and vendor return keeps the supplier's GSTIN, state code and registration type as they
 * were when it was recorded (a later change of the vendor master does not re-split an old
 * invoice), and the site's input_tax_mode of that moment (a later switch of the site's mode does
 * not rewrite past GSTR-3B readings, Tally vouchers or stock values). Existing rows take their
 * vendor's and site's current values: what every reading used until now.
 */
const TABLES = ['deliveries', 'service_bookings', 'vendor_returns'] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('vendor_gstin', 'text').execute();
    await db.schema.alterTable(table).addColumn('vendor_state_code', 'text').execute();
    await db.schema
      .alterTable(table)
      .addColumn('vendor_registration_type', 'text', (c) => c.notNull().defaultTo('unregistered'))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('input_tax_mode', 'text', (c) => c.notNull().defaultTo('cost'))
      .execute();
    // Correlated subqueries: the same statement on SQLite and PostgreSQL.
    await sql`UPDATE ${sql.table(table)} SET
      vendor_gstin = (SELECT v.gstin FROM vendors v WHERE v.id = ${sql.ref(`${table}.vendor`)}),
      vendor_state_code = (SELECT v.state_code FROM vendors v
        WHERE v.id = ${sql.ref(`${table}.vendor`)}),
      vendor_registration_type = coalesce((SELECT v.registration_type FROM vendors v
        WHERE v.id = ${sql.ref(`${table}.vendor`)}), 'unregistered'),
      input_tax_mode = coalesce((SELECT s.input_tax_mode FROM sites s
        WHERE s.id = ${sql.ref(`${table}.site_id`)}), 'cost')`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [...TABLES].reverse()) {
    for (const column of [
      'input_tax_mode',
      'vendor_registration_type',
      'vendor_state_code',
      'vendor_gstin',
    ]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
