import { type CreateTableBuilder, sql } from 'kysely';
import { type AnyDb, withBase, withSite } from './helpers.js';

/**
 * Issue 43 (API.md "TDS" and "Work orders and RA bills"): the deductor's TAN on the site, the
 * deductee's PAN and section on the vendor, the TDS a credit carries (deliveries, bookings,
 * work-order advances, RA bills), work orders with their lines and per-site counter, RA bills with
 * their lines, and what payments allocate to RA bills. Money is paise,
 * quantities thousandths, rates and percents hundredths of a percent.
 */
const TDS_COLUMNS = ['deliveries', 'service_bookings', 'payments'] as const;

export async function up(db: AnyDb): Promise<void> {
  const table = (name: string) =>
    withSite(withBase(db.schema.createTable(name))).addColumn('created_by', 'text', (c) =>
      c.references('users.id').onDelete('set null'),
    );
  const index = (name: string, on: string, columns: string[]) =>
    db.schema.createIndex(name).on(on).columns(columns).execute();
  const money = (t: CreateTableBuilder<string, string>, name: string) =>
    t.addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0));

  await db.schema.alterTable('sites').addColumn('tan', 'text').execute();
  await index('sites_tan', 'sites', ['tan']);
  await db.schema.alterTable('vendors').addColumn('pan', 'text').execute();
  await db.schema.alterTable('vendors').addColumn('tds_section', 'text').execute();
  await db.schema
    .alterTable('vendors')
    .addColumn('tds_194c6', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await index('vendors_pan', 'vendors', ['pan']);

  // A credit's TDS: its section (null: outside TDS), base, rate, amount and the catch-up part of it.
  for (const name of TDS_COLUMNS) {
    await db.schema.alterTable(name).addColumn('tds_section', 'text').execute();
    for (const column of ['tds_base', 'tds_amount', 'tds_carried']) {
      await db.schema
        .alterTable(name)
        .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    }
    await db.schema.alterTable(name).addColumn('tds_rate', 'integer').execute();
  }

  let orders: CreateTableBuilder<string, string> = table('work_orders')
    .addColumn('vendor', 'text', (c) => c.notNull().references('vendors.id').onDelete('no action'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('number', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('order_date', 'text', (c) => c.notNull())
    .addColumn('terms', 'text')
    .addColumn('notes', 'text')
    .addColumn('retention_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retention_due_days', 'integer', (c) => c.notNull().defaultTo(365))
    .addColumn('advance_recovery_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gst_rate', 'integer')
    .addColumn('place_of_supply', 'text')
    .addColumn('tds_section', 'text')
    .addColumn('retention_due_date', 'text')
    .addColumn('issued_at', 'text')
    .addColumn('issued_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('completed_at', 'text')
    .addColumn('cancelled_at', 'text');
  for (const m of ['advance_amount', 'total_amount']) orders = money(orders, m);
  await orders.execute();
  await index('work_orders_site_date', 'work_orders', ['site_id', 'order_date']);
  await index('work_orders_vendor', 'work_orders', ['vendor']);
  await db.schema
    .createIndex('work_orders_site_number')
    .on('work_orders')
    .columns(['site_id', 'number'])
    .unique()
    .where(sql.ref('number'), 'is not', null)
    .execute();

  await table('work_order_lines')
    .addColumn('work_order', 'text', (c) =>
      c.notNull().references('work_orders.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('billed_quantity', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await index('work_order_lines_order', 'work_order_lines', ['work_order']);

  await table('work_order_variations')
    .addColumn('work_order', 'text', (c) =>
      c.notNull().references('work_orders.id').onDelete('cascade'),
    )
    .addColumn('work_order_line', 'text', (c) =>
      c.notNull().references('work_order_lines.id').onDelete('cascade'),
    )
    .addColumn('old_quantity', 'bigint', (c) => c.notNull())
    .addColumn('new_quantity', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('variation_date', 'text', (c) => c.notNull())
    .addColumn('approved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await index('work_order_variations_order', 'work_order_variations', ['work_order']);

  await withSite(db.schema.createTable('work_order_counters'))
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_order_counters_pk', ['site_id', 'financial_year'])
    .execute();

  await db.schema
    .alterTable('payments')
    .addColumn('work_order', 'text', (c) => c.references('work_orders.id').onDelete('no action'))
    .execute();
  await index('payments_work_order', 'payments', ['work_order']);

  let bills: CreateTableBuilder<string, string> = table('ra_bills')
    .addColumn('work_order', 'text', (c) =>
      c.notNull().references('work_orders.id').onDelete('no action'),
    )
    .addColumn('vendor', 'text', (c) => c.notNull().references('vendors.id').onDelete('no action'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('bill'))
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('bill_date', 'text', (c) => c.notNull())
    .addColumn('supplier_invoice_number', 'text')
    .addColumn('final', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notes', 'text')
    .addColumn('gst_rate', 'integer')
    .addColumn('place_of_supply', 'text')
    .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('tds_section', 'text')
    .addColumn('tds_rate', 'integer');
  for (const m of [
    'gross_amount',
    'cgst_amount',
    'sgst_amount',
    'igst_amount',
    'retention_amount',
    'advance_recovery',
    'tds_base',
    'tds_amount',
    'tds_carried',
    'net_payable',
    'paid_amount',
  ]) {
    bills = money(bills, m);
  }
  await bills.execute();
  await index('ra_bills_site_date', 'ra_bills', ['site_id', 'bill_date']);
  await index('ra_bills_vendor', 'ra_bills', ['vendor']);
  // One number per work order: of two bills written at once, the second is refused.
  await db.schema
    .createIndex('ra_bills_order_sequence')
    .on('ra_bills')
    .columns(['work_order', 'sequence'])
    .unique()
    .execute();

  await table('ra_bill_lines')
    .addColumn('ra_bill', 'text', (c) => c.notNull().references('ra_bills.id').onDelete('cascade'))
    .addColumn('work_order_line', 'text', (c) =>
      c.notNull().references('work_order_lines.id').onDelete('no action'),
    )
    .addColumn('previous_quantity', 'bigint', (c) => c.notNull())
    .addColumn('cumulative_quantity', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await index('ra_bill_lines_bill', 'ra_bill_lines', ['ra_bill']);
  await index('ra_bill_lines_order_line', 'ra_bill_lines', ['work_order_line']);

  // Its own table: payment_allocations holds exactly one of delivery and booking by a check
  // constraint, which SQLite could change only by rebuilding the table.
  await table('ra_bill_allocations')
    .addColumn('payment', 'text', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('ra_bill', 'text', (c) =>
      c.notNull().references('ra_bills.id').onDelete('no action'),
    )
    .addColumn('allocated_amount', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('ra_bill_allocations_payment_bill', ['payment', 'ra_bill'])
    .execute();
  await index('ra_bill_allocations_bill', 'ra_bill_allocations', ['ra_bill']);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('ra_bill_allocations').execute();
  await db.schema.dropTable('ra_bill_lines').execute();
  await db.schema.dropTable('ra_bills').execute();
  await db.schema.dropIndex('payments_work_order').execute();
  await db.schema.alterTable('payments').dropColumn('work_order').execute();
  await db.schema.dropTable('work_order_counters').execute();
  await db.schema.dropTable('work_order_variations').execute();
  await db.schema.dropTable('work_order_lines').execute();
  await db.schema.dropTable('work_orders').execute();
  for (const name of TDS_COLUMNS) {
    for (const column of ['tds_section', 'tds_base', 'tds_amount', 'tds_carried', 'tds_rate']) {
      await db.schema.alterTable(name).dropColumn(column).execute();
    }
  }
  await db.schema.dropIndex('vendors_pan').execute();
  for (const column of ['pan', 'tds_section', 'tds_194c6']) {
    await db.schema.alterTable('vendors').dropColumn(column).execute();
  }
  await db.schema.dropIndex('sites_tan').execute();
  await db.schema.alterTable('sites').dropColumn('tan').execute();
}
