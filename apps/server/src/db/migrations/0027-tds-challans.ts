import { type AnyDb, withBase, withSite } from './helpers.js';

/**
 * Issue 43 "TDS register and deposits": the challans TDS is deposited with, per section and month
 * of the credits (BSR code, challan serial, date, amount), each optionally paid from an account:
 * its debit names the challan as a payment's names the payment.
 */
export async function up(db: AnyDb): Promise<void> {
  await withSite(withBase(db.schema.createTable('tds_challans')))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('bsr_code', 'text', (c) => c.notNull())
    .addColumn('challan_serial', 'text', (c) => c.notNull())
    .addColumn('deposit_date', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.references('accounts.id').onDelete('no action'))
    .addColumn('notes', 'text')
    .execute();
  await db.schema
    .createIndex('tds_challans_site_month')
    .on('tds_challans')
    .columns(['site_id', 'month'])
    .execute();
  await db.schema
    .alterTable('account_transactions')
    .addColumn('tds_challan', 'text', (c) => c.references('tds_challans.id').onDelete('no action'))
    .execute();
  await db.schema
    .createIndex('account_transactions_tds_challan')
    .on('account_transactions')
    .columns(['tds_challan'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('account_transactions_tds_challan').execute();
  await db.schema.alterTable('account_transactions').dropColumn('tds_challan').execute();
  await db.schema.dropTable('tds_challans').execute();
}
