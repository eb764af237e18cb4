import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './database.js';
import { forNoKeyUpdate, forUpdate, forUpdateClause, isPostgres } from './locking.js';
import type { Database } from './schema.js';
import { SplitSqliteDialect } from './sqlite-driver.js';

// Compiling needs no connection: the PostgreSQL pool is never used, the SQLite file is in memory.
function postgres() {
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: 'postgres://x@127.0.0.1:1/x' }),
    }),
  });
}

function sqlite() {
  const writer = new SqliteDatabase(':memory:');
  const reader = new SqliteDatabase(':memory:');
  return new Kysely<Database>({
    dialect: new SplitSqliteDialect(withStatementCache(writer), withStatementCache(reader)),
  });
}

describe('row locks by dialect', () => {
  it('locks rows on PostgreSQL, with OF for a join', async () => {
    const db = postgres();
    expect(isPostgres(db)).toBe(true);
    const one = forUpdate(db, db.selectFrom('vendors').select('id')).compile().sql;
    expect(one).toMatch(/for update$/);
    const joined = forUpdate(
      db,
      db
        .selectFrom('delivery_items as di')
        .innerJoin('deliveries as d', 'd.id', 'di.delivery')
        .select('di.id'),
      'di',
    ).compile().sql;
    expect(joined).toMatch(/for update of "di"$/);
    const account = forNoKeyUpdate(db, db.selectFrom('accounts').select('id')).compile().sql;
    expect(account).toMatch(/for no key update$/);
    expect(forUpdateClause(db).compile(db).sql).toBe('for update');
    await db.destroy();
  });

  it('adds nothing on SQLite, whose writer runs one transaction at a time', async () => {
    const db = sqlite();
    expect(isPostgres(db)).toBe(false);
    expect(forUpdate(db, db.selectFrom('vendors').select('id')).compile().sql).not.toMatch(/for/);
    expect(forNoKeyUpdate(db, db.selectFrom('accounts').select('id')).compile().sql).not.toMatch(
      /for/,
    );
    expect(forUpdateClause(db).compile(db).sql).toBe('');
    await db.destroy();
  });
});
