import { type AnyDb, withSite } from './helpers.js';

/**
 * Issue 40 items 9 and 10.
 *
 * Rates that change by date: `gst_rate_periods` keeps an item's or a service's default GST rate
 * history, one row per period (rate, effective_from). An item or service without rows has one rate
 * for every date (its `gst_rate` column), so nothing needs a backfill; the first dated change
 * writes the rate it had as the period "from the beginning" (effective_from '0001-01-01') and the
 * new period beside it.
 *
 * Reverse charge: `reverse_charge` (0/1) on deliveries and service bookings. A delivery keeps its
 * heads where they are and leaves them out of `total_amount` (what the vendor is owed); a booking,
 * whose owed figure is total + heads everywhere, keeps its reverse-charge tax in `rcm_*_amount`
 * (its ordinary heads stay 0), so every existing reading of what a booking owes stays right.
 */
const RCM_HEADS = ['rcm_cgst_amount', 'rcm_sgst_amount', 'rcm_igst_amount'] as const;

export async function up(db: AnyDb): Promise<void> {
  await withSite(
    db.schema
      .createTable('gst_rate_periods')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull()),
  )
    .addColumn('item', 'text', (c) => c.references('items.id').onDelete('cascade'))
    .addColumn('service', 'text', (c) => c.references('services.id').onDelete('cascade'))
    // Hundredths of a percent; null: no GST from that date.
    .addColumn('gst_rate', 'integer')
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gst_rate_periods_item')
    .on('gst_rate_periods')
    .columns(['item', 'effective_from'])
    .unique()
    .execute();
  await db.schema
    .createIndex('gst_rate_periods_service')
    .on('gst_rate_periods')
    .columns(['service', 'effective_from'])
    .unique()
    .execute();

  for (const table of ['deliveries', 'service_bookings']) {
    await db.schema
      .alterTable(table)
      .addColumn('reverse_charge', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  for (const column of RCM_HEADS) {
    await db.schema
      .alterTable('service_bookings')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // Existing bills were all forward charge: the column defaults (0) are their backfill.
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of RCM_HEADS) {
    await db.schema.alterTable('service_bookings').dropColumn(column).execute();
  }
  for (const table of ['service_bookings', 'deliveries']) {
    await db.schema.alterTable(table).dropColumn('reverse_charge').execute();
  }
  await db.schema.dropTable('gst_rate_periods').execute();
}
