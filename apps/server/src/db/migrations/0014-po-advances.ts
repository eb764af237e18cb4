import { type AnyDb, withBase, withSite } from './helpers.js';

/**
 * Issue 24 (advances against a PO): a payment's unallocated remainder may be set aside for one
 * purchase order; deliveries received against that order are paid from it as they arrive. The
 * link is its own table, so payments keep their shape; deleting the payment drops the link.
 */
export async function up(db: AnyDb): Promise<void> {
  await withSite(withBase(db.schema.createTable('purchase_order_advances')))
    .addColumn('purchase_order', 'text', (c) =>
      c.notNull().references('purchase_orders.id').onDelete('cascade'),
    )
    .addColumn('payment', 'text', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // A payment is an advance for one order at most.
  await db.schema
    .createIndex('purchase_order_advances_payment')
    .on('purchase_order_advances')
    .column('payment')
    .unique()
    .execute();
  await db.schema
    .createIndex('purchase_order_advances_order')
    .on('purchase_order_advances')
    .column('purchase_order')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('purchase_order_advances').execute();
}
