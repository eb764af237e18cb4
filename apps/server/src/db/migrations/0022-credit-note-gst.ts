import { sql } from 'kysely';
import type { AnyDb } from './helpers.js';

/**
 * Issue 40 item 6: a supplier's GST credit note (CGST Act s.34) reduces input tax credit. A vendor
 * credit note may carry its taxable value (`taxable_amount`, paise; null = no GST given), its rate
 * (hundredths of a percent, or null when the heads were typed), its heads, the original invoice it
 * reduces (a delivery or a service booking) and the supplier's own note number and date. Notes
 * kept so far carry no GST: taxable null, heads 0.
 */
const TEXT_COLUMNS = [
  'original_delivery',
  'original_booking',
  'supplier_note_number',
  'supplier_note_date',
] as const;

export async function up(db: AnyDb): Promise<void> {
  const table = () => db.schema.alterTable('vendor_credit_notes');
  await table().addColumn('taxable_amount', 'bigint').execute();
  await table().addColumn('gst_rate', 'integer').execute();
  for (const head of ['cgst_amount', 'sgst_amount', 'igst_amount']) {
    await table()
      .addColumn(head, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  for (const column of TEXT_COLUMNS) await table().addColumn(column, 'text').execute();
  await sql`update vendor_credit_notes set taxable_amount = null, gst_rate = null,
    cgst_amount = 0, sgst_amount = 0, igst_amount = 0`.execute(db);
  await db.schema
    .createIndex('vendor_credit_notes_gst_issue_idx')
    .on('vendor_credit_notes')
    .columns(['site_id', 'issue_date'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('vendor_credit_notes_gst_issue_idx').execute();
  const columns = [
    'taxable_amount',
    'gst_rate',
    'cgst_amount',
    'sgst_amount',
    'igst_amount',
    ...TEXT_COLUMNS,
  ];
  for (const column of columns) {
    await db.schema.alterTable('vendor_credit_notes').dropColumn(column).execute();
  }
}
