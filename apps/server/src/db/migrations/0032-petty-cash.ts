import { type AnyDb, withBase, withSite } from './helpers.js';

/**
 * Issue 46 (API.md "Petty cash"): imprests (a holder's fixed cash level on a site, issued from an
 * account), their replenishments, and petty expenses (approved at once up to the site's
 * threshold, else pending an owner's decision; a supplier's GSTIN and rate make them a row of the
 * purchase register; a budget line they count on); the site's approval threshold and the amount
 * above which a photo is required; account transactions naming an imprest or a replenishment.
 * Money paise, rates hundredths.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('sites')
    .addColumn('petty_approval_threshold', 'bigint', (c) => c.notNull().defaultTo(200000))
    .execute();
  await db.schema.alterTable('sites').addColumn('petty_photo_above', 'bigint').execute();

  await withSite(withBase(db.schema.createTable('imprests')))
    .addColumn('holder', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('issued_date', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('notes', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('imprests_site').on('imprests').columns(['site_id']).execute();

  await withSite(withBase(db.schema.createTable('imprest_replenishments')))
    .addColumn('imprest', 'text', (c) => c.notNull().references('imprests.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('replenish_date', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('imprest_replenishments_imprest')
    .on('imprest_replenishments')
    .columns(['imprest'])
    .execute();

  await withSite(withBase(db.schema.createTable('petty_expenses')))
    .addColumn('imprest', 'text', (c) => c.notNull().references('imprests.id'))
    .addColumn('expense_date', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('budget_line', 'text', (c) => c.references('budget_lines.id'))
    .addColumn('vendor_gstin', 'text')
    .addColumn('gst_rate', 'integer')
    .addColumn('taxable_amount', 'bigint', (c) => c.notNull())
    .addColumn('cgst_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sgst_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('igst_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('input_tax_mode', 'text', (c) => c.notNull().defaultTo('cost'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('decided_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('replenishment', 'text', (c) => c.references('imprest_replenishments.id'))
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('petty_expenses_imprest')
    .on('petty_expenses')
    .columns(['imprest', 'status'])
    .execute();
  await db.schema
    .createIndex('petty_expenses_site_date')
    .on('petty_expenses')
    .columns(['site_id', 'expense_date'])
    .execute();
  await db.schema
    .createIndex('petty_expenses_budget_line')
    .on('petty_expenses')
    .columns(['budget_line'])
    .execute();

  // The account's debit for an imprest issued or replenished names it, as a payment's does.
  for (const [column, target] of [
    ['imprest', 'imprests'],
    ['imprest_replenishment', 'imprest_replenishments'],
  ] as const) {
    await db.schema
      .alterTable('account_transactions')
      .addColumn(column, 'text', (c) => c.references(`${target}.id`).onDelete('no action'))
      .execute();
    await db.schema
      .createIndex(`account_transactions_${column}`)
      .on('account_transactions')
      .columns([column])
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['imprest_replenishment', 'imprest']) {
    await db.schema.dropIndex(`account_transactions_${column}`).execute();
    await db.schema.alterTable('account_transactions').dropColumn(column).execute();
  }
  await db.schema.dropTable('petty_expenses').execute();
  await db.schema.dropTable('imprest_replenishments').execute();
  await db.schema.dropTable('imprests').execute();
  await db.schema.alterTable('sites').dropColumn('petty_photo_above').execute();
  await db.schema.alterTable('sites').dropColumn('petty_approval_threshold').execute();
}
