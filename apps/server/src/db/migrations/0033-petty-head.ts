import { type AnyDb } from './helpers.js';

/**
 * Issue 46: a petty expense's cost head (the budget's heads: material, labour, …), so expenses
 * are reported by head with or without a budget line. An expense on a line takes the line's head;
 * the ones written before this migration are 'other' unless their line says otherwise.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('petty_expenses')
    .addColumn('head', 'text', (c) => c.notNull().defaultTo('other'))
    .execute();
  await db
    .updateTable('petty_expenses')
    .set((eb) => ({
      head: eb
        .selectFrom('budget_lines')
        .select('budget_lines.head')
        .whereRef('budget_lines.id', '=', 'petty_expenses.budget_line'),
    }))
    .where('budget_line', 'is not', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('petty_expenses').dropColumn('head').execute();
}
