import { sql } from 'kysely';
import type { AnyDb } from './helpers.js';

/**
 * Issue 37: a PO line keeps the over-receipt tolerance (hundredths of a percent) its receipts
 * were last judged by, so lowering the site's `po_over_receipt_percent` later does not turn
 * receipts that were within the tolerance of their day into violations. Lines received so far
 * take the site's tolerance of today, the best record there is of what it was.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('purchase_order_lines')
    .addColumn('receipt_tolerance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update purchase_order_lines set receipt_tolerance = (
      select s.po_over_receipt_percent from sites s where s.id = purchase_order_lines.site_id)
    where received_quantity > 0`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('purchase_order_lines').dropColumn('receipt_tolerance').execute();
}
