import { type AnyDb } from './helpers.js';

/**
 * Issue 45: what a supervisor sees of the site's budget — 'none' (the default: the names of the
 * lines to book against, no figures) or 'quantities' (also the budgeted, ordered, received and
 * consumed quantities and what is left; never money). The owner decides. And a budget line's
 * quantity still on order (open PO lines' unreceived quantity, thousandths): what is left to order
 * is the budget less what was received and what is on order. And on purchase and work orders,
 * who issued one past its budget line (warned, or an owner's override of a block): the audit
 * trail keeps it.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const table of ['purchase_orders', 'work_orders']) {
    await db.schema.alterTable(table).addColumn('over_budget_by', 'text').execute();
  }
  await db.schema
    .alterTable('budget_lines')
    .addColumn('on_order', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sites')
    .addColumn('supervisor_budget_view', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['purchase_orders', 'work_orders']) {
    await db.schema.alterTable(table).dropColumn('over_budget_by').execute();
  }
  await db.schema.alterTable('budget_lines').dropColumn('on_order').execute();
  await db.schema.alterTable('sites').dropColumn('supervisor_budget_view').execute();
}
