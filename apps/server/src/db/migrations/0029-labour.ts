import { type CreateTableBuilder } from 'kysely';
import { type AnyDb, withBase, withSite } from './helpers.js';

/**
 * Issue 44 (API.md "Labour"): workers (or a contractor's gang by headcount), a day's attendance per
 * site and worker (a worker lent by another site is marked on the site he works on), advances
 * paid from an account, wage sheets with a line per worker, their payment from an account or, for
 * a labour contractor, allocations of that vendor's payments. The site's OT multiplier. Money is
 * paise; fractions, man-days and hours thousandths; the multiplier hundredths (2× = 200).
 */
export async function up(db: AnyDb): Promise<void> {
  const table = (name: string) =>
    withSite(withBase(db.schema.createTable(name))).addColumn('created_by', 'text', (c) =>
      c.references('users.id').onDelete('set null'),
    );
  const index = (name: string, on: string, columns: string[]) =>
    db.schema.createIndex(name).on(on).columns(columns).execute();
  const amount = (t: CreateTableBuilder<string, string>, name: string) =>
    t.addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0));

  await db.schema
    .alterTable('sites')
    .addColumn('ot_multiplier', 'integer', (c) => c.notNull().defaultTo(200))
    .execute();

  await table('workers')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('trade', 'text', (c) => c.notNull())
    .addColumn('daily_wage', 'bigint', (c) => c.notNull())
    .addColumn('normal_hours', 'integer', (c) => c.notNull().defaultTo(8000))
    .addColumn('phone', 'text')
    .addColumn('labour_contractor', 'text', (c) => c.references('vendors.id').onDelete('no action'))
    .addColumn('headcount', 'integer')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notes', 'text')
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await index('workers_site_name', 'workers', ['site_id', 'name']);
  await index('workers_contractor', 'workers', ['labour_contractor']);

  let sheets: CreateTableBuilder<string, string> = table('wage_sheets')
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('period_from', 'text', (c) => c.notNull())
    .addColumn('period_to', 'text', (c) => c.notNull())
    .addColumn('labour_contractor', 'text', (c) => c.references('vendors.id').onDelete('no action'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('ot_multiplier', 'integer', (c) => c.notNull())
    .addColumn('man_days', 'bigint', (c) => c.notNull())
    .addColumn('ot_hours', 'bigint', (c) => c.notNull())
    .addColumn('tds_section', 'text')
    .addColumn('tds_rate', 'integer')
    .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('account', 'text', (c) => c.references('accounts.id').onDelete('no action'))
    .addColumn('payment_date', 'text')
    .addColumn('notes', 'text')
    .addColumn('approved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('approved_at', 'text');
  for (const m of [
    'wages',
    'ot_amount',
    'gross',
    'advances',
    'net',
    'tds_base',
    'tds_amount',
    'tds_carried',
    'paid_amount',
  ]) {
    sheets = amount(sheets, m);
  }
  await sheets.execute();
  await index('wage_sheets_site_to', 'wage_sheets', ['site_id', 'period_to']);
  await index('wage_sheets_contractor', 'wage_sheets', ['labour_contractor']);
  await db.schema
    .createIndex('wage_sheets_site_sequence')
    .on('wage_sheets')
    .columns(['site_id', 'sequence'])
    .unique()
    .execute();

  let lines: CreateTableBuilder<string, string> = table('wage_sheet_lines')
    .addColumn('wage_sheet', 'text', (c) =>
      c.notNull().references('wage_sheets.id').onDelete('cascade'),
    )
    .addColumn('worker', 'text', (c) => c.notNull().references('workers.id').onDelete('no action'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('trade', 'text', (c) => c.notNull())
    .addColumn('daily_wage', 'bigint', (c) => c.notNull())
    .addColumn('normal_hours', 'integer', (c) => c.notNull())
    .addColumn('man_days', 'bigint', (c) => c.notNull())
    .addColumn('ot_hours', 'bigint', (c) => c.notNull());
  for (const m of ['wages', 'ot_amount', 'gross', 'advances', 'net']) lines = amount(lines, m);
  await lines.execute();
  await index('wage_sheet_lines_sheet', 'wage_sheet_lines', ['wage_sheet']);
  await index('wage_sheet_lines_worker', 'wage_sheet_lines', ['worker']);

  await table('attendance')
    .addColumn('worker', 'text', (c) => c.notNull().references('workers.id').onDelete('no action'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('fraction', 'integer', (c) => c.notNull())
    .addColumn('ot_hours', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('headcount', 'integer')
    .addColumn('wage_sheet', 'text', (c) => c.references('wage_sheets.id').onDelete('no action'))
    .execute();
  // One entry per site, worker and day: a replayed muster replaces, never adds.
  await db.schema
    .createIndex('attendance_site_worker_date')
    .on('attendance')
    .columns(['site_id', 'worker', 'date'])
    .unique()
    .execute();
  await index('attendance_worker_date', 'attendance', ['worker', 'date']);
  await index('attendance_site_date', 'attendance', ['site_id', 'date']);
  await index('attendance_sheet', 'attendance', ['wage_sheet']);

  await table('worker_advances')
    .addColumn('worker', 'text', (c) => c.notNull().references('workers.id').onDelete('no action'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('advance_date', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('no action'),
    )
    .addColumn('notes', 'text')
    .execute();
  await index('worker_advances_worker', 'worker_advances', ['worker']);

  await table('wage_sheet_allocations')
    .addColumn('payment', 'text', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('wage_sheet', 'text', (c) =>
      c.notNull().references('wage_sheets.id').onDelete('no action'),
    )
    .addColumn('allocated_amount', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('wage_sheet_allocations_payment_sheet', ['payment', 'wage_sheet'])
    .execute();
  await index('wage_sheet_allocations_sheet', 'wage_sheet_allocations', ['wage_sheet']);

  // The account's debit for an advance or a paid sheet names it, as a payment's names the payment.
  for (const column of ['worker_advance', 'wage_sheet'] as const) {
    const target = column === 'worker_advance' ? 'worker_advances' : 'wage_sheets';
    await db.schema
      .alterTable('account_transactions')
      .addColumn(column, 'text', (c) => c.references(`${target}.id`).onDelete('no action'))
      .execute();
    await index(`account_transactions_${column}`, 'account_transactions', [column]);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['worker_advance', 'wage_sheet']) {
    await db.schema.dropIndex(`account_transactions_${column}`).execute();
    await db.schema.alterTable('account_transactions').dropColumn(column).execute();
  }
  for (const name of [
    'wage_sheet_allocations',
    'worker_advances',
    'attendance',
    'wage_sheet_lines',
    'wage_sheets',
    'workers',
  ]) {
    await db.schema.dropTable(name).execute();
  }
  await db.schema.alterTable('sites').dropColumn('ot_multiplier').execute();
}
