import { type CreateTableBuilder } from 'kysely';
import { type AnyDb, withBase, withSite } from './helpers.js';

/**
 * Issue 45 (API.md "Budgets"): budget lines per site (head, name, optional item with quantity and
 * rate, percent complete) with the figures the writes that change them keep (committed, actual,
 * ordered, received, consumed), their revisions, the site's budget control and consumption flag,
 * and the `budget_line` a PO line, WO line, booking or wage sheet may name. Money paise,
 * quantities thousandths, percents hundredths.
 */
const NAMED_BY = ['purchase_order_lines', 'work_order_lines', 'service_bookings', 'wage_sheets'];

export async function up(db: AnyDb): Promise<void> {
  const table = (name: string) =>
    withSite(withBase(db.schema.createTable(name))).addColumn('created_by', 'text', (c) =>
      c.references('users.id').onDelete('set null'),
    );
  const zero = (t: CreateTableBuilder<string, string>, name: string) =>
    t.addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0));

  await db.schema
    .alterTable('sites')
    .addColumn('budget_control', 'text', (c) => c.notNull().defaultTo('warn'))
    .execute();
  await db.schema
    .alterTable('sites')
    .addColumn('consumption_flag_percent', 'integer', (c) => c.notNull().defaultTo(11000))
    .execute();

  let lines: CreateTableBuilder<string, string> = table('budget_lines')
    .addColumn('head', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.references('items.id').onDelete('no action'))
    .addColumn('quantity', 'bigint')
    .addColumn('unit_rate', 'bigint')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('original_amount', 'bigint', (c) => c.notNull())
    .addColumn('percent_complete', 'integer')
    .addColumn('notes', 'text');
  for (const figure of ['committed', 'actual', 'ordered', 'received', 'consumed']) {
    lines = zero(lines, figure);
  }
  await lines.execute();
  await db.schema
    .createIndex('budget_lines_site_head')
    .on('budget_lines')
    .columns(['site_id', 'head'])
    .execute();
  await db.schema.createIndex('budget_lines_item').on('budget_lines').columns(['item']).execute();

  await table('budget_line_revisions')
    .addColumn('budget_line', 'text', (c) =>
      c.notNull().references('budget_lines.id').onDelete('cascade'),
    )
    .addColumn('old_amount', 'bigint', (c) => c.notNull())
    .addColumn('new_amount', 'bigint', (c) => c.notNull())
    .addColumn('old_quantity', 'bigint')
    .addColumn('new_quantity', 'bigint')
    .addColumn('reason', 'text')
    .execute();
  await db.schema
    .createIndex('budget_line_revisions_line')
    .on('budget_line_revisions')
    .columns(['budget_line'])
    .execute();

  for (const name of NAMED_BY) {
    await db.schema
      .alterTable(name)
      .addColumn('budget_line', 'text', (c) =>
        c.references('budget_lines.id').onDelete('no action'),
      )
      .execute();
    await db.schema.createIndex(`${name}_budget_line`).on(name).columns(['budget_line']).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const name of NAMED_BY) {
    await db.schema.dropIndex(`${name}_budget_line`).execute();
    await db.schema.alterTable(name).dropColumn('budget_line').execute();
  }
  await db.schema.dropTable('budget_line_revisions').execute();
  await db.schema.dropTable('budget_lines').execute();
  await db.schema.alterTable('sites').dropColumn('consumption_flag_percent').execute();
  await db.schema.alterTable('sites').dropColumn('budget_control').execute();
}
