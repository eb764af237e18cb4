import { sql } from 'kysely';
import { type AnyDb, withBase, withSite } from './helpers.js';

/**
 * Issue 24 (API.md "Material requests and purchase orders"): requests with their lines, purchase
 * orders with theirs, the per-site and per-financial-year PO counter, delivery lines received
 * against a PO line, and the site's approval amount and over-receipt tolerance. Quantities are
 * thousandths of a unit and money paise, as everywhere; the tolerance is hundredths of a percent.
 */
export async function up(db: AnyDb): Promise<void> {
  const table = (name: string) =>
    withSite(withBase(db.schema.createTable(name))).addColumn('created_by', 'text', (c) =>
      c.references('users.id').onDelete('set null'),
    );
  const index = (name: string, on: string, columns: string[]) =>
    db.schema.createIndex(name).on(on).columns(columns).execute();

  // Null: every request needs the owner's approval.
  await db.schema.alterTable('sites').addColumn('approval_threshold', 'bigint').execute();
  await db.schema
    .alterTable('sites')
    .addColumn('po_over_receipt_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('material_requests')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('request_date', 'text', (c) => c.notNull())
    .addColumn('needed_by', 'text')
    .addColumn('notes', 'text')
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('submitted_at', 'text')
    .addColumn('decided_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('decision_notes', 'text')
    .execute();
  await index('material_requests_site_date', 'material_requests', ['site_id', 'request_date']);
  await index('material_requests_site_status', 'material_requests', ['site_id', 'status']);

  await table('material_request_items')
    .addColumn('material_request', 'text', (c) =>
      c.notNull().references('material_requests.id').onDelete('cascade'),
    )
    .addColumn('item', 'text', (c) => c.notNull().references('items.id').onDelete('no action'))
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('ordered_quantity', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('notes', 'text')
    .execute();
  await index('material_request_items_request', 'material_request_items', ['material_request']);

  await table('purchase_orders')
    .addColumn('vendor', 'text', (c) => c.notNull().references('vendors.id').onDelete('no action'))
    .addColumn('material_request', 'text', (c) =>
      c.references('material_requests.id').onDelete('no action'),
    )
    .addColumn('quotation', 'text', (c) => c.references('quotations.id').onDelete('set null'))
    .addColumn('number', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('order_date', 'text', (c) => c.notNull())
    .addColumn('expected_date', 'text')
    .addColumn('terms', 'text')
    .addColumn('notes', 'text')
    .addColumn('items_total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cgst_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sgst_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('igst_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('issued_at', 'text')
    .addColumn('issued_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('closed_at', 'text')
    .addColumn('cancelled_at', 'text')
    .execute();
  await index('purchase_orders_site_date', 'purchase_orders', ['site_id', 'order_date']);
  await index('purchase_orders_site_status', 'purchase_orders', ['site_id', 'status']);
  await index('purchase_orders_vendor', 'purchase_orders', ['vendor']);
  // A number is given once per site: the counter makes it, this keeps it from being given twice.
  await db.schema
    .createIndex('purchase_orders_site_number')
    .on('purchase_orders')
    .columns(['site_id', 'number'])
    .unique()
    .where(sql.ref('number'), 'is not', null)
    .execute();

  await table('purchase_order_lines')
    .addColumn('purchase_order', 'text', (c) =>
      c.notNull().references('purchase_orders.id').onDelete('cascade'),
    )
    .addColumn('item', 'text', (c) => c.notNull().references('items.id').onDelete('no action'))
    .addColumn('material_request_item', 'text', (c) =>
      c.references('material_request_items.id').onDelete('set null'),
    )
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('total_amount', 'bigint', (c) => c.notNull())
    .addColumn('gst_rate', 'integer')
    .addColumn('cgst_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sgst_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('igst_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('received_quantity', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await index('purchase_order_lines_order', 'purchase_order_lines', ['purchase_order']);
  await index('purchase_order_lines_request_item', 'purchase_order_lines', [
    'material_request_item',
  ]);

  // Per site and financial year ("2026-27"): the last number given. Never decremented.
  await withSite(db.schema.createTable('purchase_order_counters'))
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('purchase_order_counters_pk', ['site_id', 'financial_year'])
    .execute();

  await db.schema
    .alterTable('delivery_items')
    .addColumn('purchase_order_line', 'text', (c) =>
      c.references('purchase_order_lines.id').onDelete('no action'),
    )
    .execute();
  await index('delivery_items_po_line', 'delivery_items', ['purchase_order_line']);

  // Plans count requests and POs per month like deliveries (Free: 5 each; Basic unlimited).
  for (const resource of ['material_requests', 'purchase_orders']) {
    await db.schema
      .alterTable('subscription_plans')
      .addColumn(`max_${resource}`, 'integer', (c) => c.notNull().defaultTo(-1))
      .execute();
    await db.schema
      .alterTable('subscription_usage')
      .addColumn(`${resource}_count`, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await sql`UPDATE subscription_plans SET max_material_requests = 5, max_purchase_orders = 5 WHERE name = 'Free'`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('delivery_items_po_line').execute();
  await db.schema.alterTable('delivery_items').dropColumn('purchase_order_line').execute();
  for (const name of [
    'purchase_order_counters',
    'purchase_order_lines',
    'purchase_orders',
    'material_request_items',
    'material_requests',
  ]) {
    await db.schema.dropTable(name).execute();
  }
  for (const resource of ['material_requests', 'purchase_orders']) {
    await db.schema.alterTable('subscription_plans').dropColumn(`max_${resource}`).execute();
    await db.schema.alterTable('subscription_usage').dropColumn(`${resource}_count`).execute();
  }
  await db.schema.alterTable('sites').dropColumn('approval_threshold').execute();
  await db.schema.alterTable('sites').dropColumn('po_over_receipt_percent').execute();
}
