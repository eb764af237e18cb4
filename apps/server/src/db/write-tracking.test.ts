import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { collectionsChanged } from '../platform/changed-collections.js';
import type { Database } from './schema.js';
import { setColumns, tableWrites, writtenTables } from './write-tracking.js';

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('writtenTables', () => {
  it('reads Kysely writes by their node', () => {
    expect(
      writtenTables(
        db
          .insertInto('vendors')
          .values({ id: 'x' } as never)
          .compile(),
      ),
    ).toEqual(['vendors']);
    expect(writtenTables(db.updateTable('items as i').set({ name: 'x' }).compile())).toEqual([
      'items',
    ]);
    expect(writtenTables(db.deleteFrom('payment_allocations').compile())).toEqual([
      'payment_allocations',
    ]);
    expect(writtenTables(db.selectFrom('payments').selectAll().compile())).toEqual([]);
  });

  it('reads raw statements by their text, not `for update` or `do update set`', () => {
    const raw = (text: string) => writtenTables(CompiledQuery.raw(text));
    expect(raw('update "purchase_order_lines" set received = 1')).toEqual(['purchase_order_lines']);
    expect(raw('insert or ignore into rate_limits (k) values (?)')).toEqual(['rate_limits']);
    expect(raw('delete from stock_movements where id = ?')).toEqual(['stock_movements']);
    expect(raw('select * from payments where id = ? for update')).toEqual([]);
    expect(
      raw('insert into "tags" ("id") values (?) on conflict ("id") do update set "name" = ?'),
    ).toEqual(['tags']);
    expect(writtenTables(sql`select 1`.compile(db))).toEqual([]);
  });
});

describe('tableWrites', () => {
  const raw = (text: string) => tableWrites(CompiledQuery.raw(text));

  it('names the columns an update sets, from its node or its text', () => {
    expect(
      tableWrites(
        db.updateTable('deliveries').set({ paid_amount: 1, payment_status: 'paid' }).compile(),
      ),
    ).toEqual([
      { table: 'deliveries', kind: 'update', columns: ['paid_amount', 'payment_status'] },
    ]);
    expect(
      raw(
        `update "deliveries" set "paid_amount" = (select coalesce(sum(a), 0) from x where y in (1, 2)), ` +
          `payment_status = case when a >= b then 'paid, really' else 'partial' end, "d"."updated" = ? ` +
          `from v where deliveries.id = v.id returning id`,
      ),
    ).toEqual([
      {
        table: 'deliveries',
        kind: 'update',
        columns: ['paid_amount', 'payment_status', 'updated'],
      },
    ]);
  });

  it('reads the writes of a statement with CTEs, and inserts and deletes as rows', () => {
    expect(
      raw(
        'with p as (insert into payments (id) values (?) returning id), ' +
          'd as (update deliveries set payment_status = ? where id = ? returning id) ' +
          'delete from credit_note_usage where id = ?',
      ),
    ).toEqual([
      { table: 'payments', kind: 'insert' },
      { table: 'deliveries', kind: 'update', columns: ['payment_status'] },
      { table: 'credit_note_usage', kind: 'delete' },
    ]);
    expect(raw('insert or replace into tags (id) values (?)')).toEqual([
      { table: 'tags', kind: 'delete' },
    ]);
  });

  it('reads an update whose set list it cannot parse as every column', () => {
    expect(raw('update deliveries set (a, b) = (select 1, 2) where id = ?')).toEqual([
      { table: 'deliveries', kind: 'update', columns: null },
    ]);
    expect(setColumns('update t set', 8)).toBeNull();
  });
});

describe('collectionsChanged', () => {
  it('maps tables to the collections that show them and drops bookkeeping', () => {
    expect(collectionsChanged(['vendors', 'audit_log'])).toEqual(['vendors']);
    expect(collectionsChanged(['payment_allocations'])).toContain('payments');
    expect(collectionsChanged(['idempotency_keys', 'audit_log'])).toEqual([]);
    expect(collectionsChanged(['widgets'])).toEqual(['widgets']);
  });
});
