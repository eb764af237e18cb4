import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { startCheckpointer } from './sqlite-checkpointer.js';
import { SplitSqliteDialect } from './sqlite-driver.js';
import { withWriteTracking } from './write-tracking.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// int8 (bigint) and numeric come back from pg as strings; our integers (paise, thousandths, counts)
// stay far below 2^53, so numbers are exact and both databases answer with the same types.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

export function openDatabase(options: { databaseUrl: string | null; dataDir: string }): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, admin termination) emits 'error' on the pool;
    // without a listener that would crash the process. The pool replaces the connection itself.
    pool.on('error', (error) => {
      console.error('PostgreSQL idle connection error:', error.message);
    });
    const kysely = new Kysely<Database>({
      dialect: withWriteTracking(new PostgresDialect({ pool })),
    });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'siteledger.db');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // A second, read-only connection serves reads outside transactions (db/sqlite-driver.ts).
  const reader = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  const checkpointer = startCheckpointer(file, sqlite, (message) => {
    console.error(`SQLite checkpointer stopped (${message}); the writer checkpoints again`);
  });
  const kysely = new Kysely<Database>({
    dialect: withWriteTracking(
      new SplitSqliteDialect(withStatementCache(sqlite), withStatementCache(reader)),
    ),
  });
  return {
    kysely,
    dialect: 'sqlite',
    close: async () => {
      await checkpointer.stop();
      await kysely.destroy();
    },
  };
}

/** Statements kept prepared; the least recently used go first. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing cost a tenth of the server's time on a list
 * request (bench/ANALYSIS.md). The same SQL text reuses its statement. A statement that is busy
 * (a stream is iterating it) is never handed out twice: the second caller gets a fresh one.
 */
export function withStatementCache(sqlite: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        // Re-inserted: Map order is the recency order.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}
