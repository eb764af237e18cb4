import type { AnyDb } from './helpers.js';

/**
 * Issue 40 item 8: the supplier's documents on the records that claim or reverse credit.
 * - A service booking keeps the supplier's invoice number and date; its credit follows the
 *   invoice date. Bookings kept before have none: the register reads them by start date unless
 *   they are still scheduled (docs/API.md "Issue 40: supplier documents"), so nothing is filled.
 * - A vendor return keeps the supplier's credit-note number and date (none for returns kept
 *   before: no one recorded them).
 * - A delivery may keep, per GST rate, the heads printed on the supplier's invoice when they
 *   differ from the computed ones by at most ₹1 each: `tax_overrides`, a JSON array of
 *   `{ gst_rate, cgst, sgst, igst }` (hundredths of a percent, paise); null when none, as for
 *   every delivery kept before.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('service_bookings')
    .addColumn('supplier_invoice_number', 'text')
    .execute();
  await db.schema
    .alterTable('service_bookings')
    .addColumn('supplier_invoice_date', 'text')
    .execute();
  await db.schema
    .alterTable('vendor_returns')
    .addColumn('supplier_credit_note_number', 'text')
    .execute();
  await db.schema
    .alterTable('vendor_returns')
    .addColumn('supplier_credit_note_date', 'text')
    .execute();
  await db.schema.alterTable('deliveries').addColumn('tax_overrides', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('deliveries').dropColumn('tax_overrides').execute();
  await db.schema.alterTable('vendor_returns').dropColumn('supplier_credit_note_date').execute();
  await db.schema.alterTable('vendor_returns').dropColumn('supplier_credit_note_number').execute();
  await db.schema.alterTable('service_bookings').dropColumn('supplier_invoice_date').execute();
  await db.schema.alterTable('service_bookings').dropColumn('supplier_invoice_number').execute();
}
