import { sql } from 'kysely';
import { type AnyDb } from './helpers.js';

/**
 * Issue 23 (GST): a site's GST profile, the vendor's state and registration, HSN/SAC codes and
 * default rates, and the CGST/SGST/IGST split kept on every line that carries a rate. Rates are
 * stored in hundredths of a percent (18 % → 1800) so that 0.25 % and 7.5 % stay integers.
 */
const TAX_HEADS = ['cgst_amount', 'sgst_amount', 'igst_amount'] as const;

async function addTaxHeads(db: AnyDb, table: string): Promise<void> {
  for (const column of TAX_HEADS) {
    await db.schema
      .alterTable(table)
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sites').addColumn('gstin', 'text').execute();
  await db.schema.alterTable('sites').addColumn('state_code', 'text').execute();
  // 'cost': GST is part of the cost (s.17(5)(d) blocks credit on one's own building); 'claim'.
  await db.schema
    .alterTable('sites')
    .addColumn('input_tax_mode', 'text', (c) => c.notNull().defaultTo('cost'))
    .execute();

  await db.schema.alterTable('vendors').addColumn('state_code', 'text').execute();
  await db.schema
    .alterTable('vendors')
    .addColumn('registration_type', 'text', (c) => c.notNull().defaultTo('unregistered'))
    .execute();
  // Vendors kept before: the state is the GSTIN's first two digits; with a GSTIN, regular.
  await sql`UPDATE vendors SET state_code = substr(gstin, 1, 2), registration_type = 'regular' WHERE gstin IS NOT NULL AND gstin <> ''`.execute(
    db,
  );

  await db.schema.alterTable('items').addColumn('hsn_code', 'text').execute();
  await db.schema.alterTable('items').addColumn('gst_rate', 'integer').execute();
  await db.schema.alterTable('services').addColumn('sac_code', 'text').execute();
  await db.schema.alterTable('services').addColumn('gst_rate', 'integer').execute();

  await db.schema.alterTable('delivery_items').addColumn('gst_rate', 'integer').execute();
  await addTaxHeads(db, 'delivery_items');
  await db.schema.alterTable('deliveries').addColumn('supplier_invoice_number', 'text').execute();
  await db.schema.alterTable('deliveries').addColumn('supplier_invoice_date', 'text').execute();
  await db.schema.alterTable('deliveries').addColumn('place_of_supply', 'text').execute();
  await addTaxHeads(db, 'deliveries');
  // The bill's name in Tally, fixed when the bill is recorded: a later edit of its reference
  // must not orphan the payments an accountant already imported against the old name.
  await db.schema.alterTable('deliveries').addColumn('bill_name', 'text').execute();
  await sql`UPDATE deliveries SET bill_name = coalesce(nullif(delivery_reference, ''), delivery_date) || ' (' || substr(id, 1, 6) || ')'`.execute(
    db,
  );

  await db.schema.alterTable('service_bookings').addColumn('gst_rate', 'integer').execute();
  await addTaxHeads(db, 'service_bookings');
  await db.schema.alterTable('service_bookings').addColumn('bill_name', 'text').execute();
  await sql`UPDATE service_bookings SET bill_name = 'Booking ' || start_date || ' (' || substr(id, 1, 6) || ')'`.execute(
    db,
  );

  // A standalone credit note is a bill of its own in Tally: named once, like deliveries.
  await db.schema.alterTable('vendor_credit_notes').addColumn('bill_name', 'text').execute();
  await sql`UPDATE vendor_credit_notes SET bill_name = coalesce(nullif(reference, ''), 'Credit note ' || issue_date) || ' (' || substr(id, 1, 6) || ')'`.execute(
    db,
  );

  await addTaxHeads(db, 'vendor_return_items');
  await addTaxHeads(db, 'vendor_returns');
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('vendor_credit_notes').dropColumn('bill_name').execute();
  for (const table of ['vendor_returns', 'vendor_return_items', 'service_bookings']) {
    for (const column of TAX_HEADS) await db.schema.alterTable(table).dropColumn(column).execute();
  }
  await db.schema.alterTable('service_bookings').dropColumn('gst_rate').execute();
  await db.schema.alterTable('service_bookings').dropColumn('bill_name').execute();
  await db.schema.alterTable('deliveries').dropColumn('bill_name').execute();
  for (const column of [
    ...TAX_HEADS,
    'place_of_supply',
    'supplier_invoice_date',
    'supplier_invoice_number',
  ]) {
    await db.schema.alterTable('deliveries').dropColumn(column).execute();
  }
  for (const column of [...TAX_HEADS, 'gst_rate']) {
    await db.schema.alterTable('delivery_items').dropColumn(column).execute();
  }
  for (const column of ['gst_rate', 'sac_code'])
    await db.schema.alterTable('services').dropColumn(column).execute();
  for (const column of ['gst_rate', 'hsn_code'])
    await db.schema.alterTable('items').dropColumn(column).execute();
  for (const column of ['registration_type', 'state_code'])
    await db.schema.alterTable('vendors').dropColumn(column).execute();
  for (const column of ['input_tax_mode', 'state_code', 'gstin'])
    await db.schema.alterTable('sites').dropColumn(column).execute();
}
