import type SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * SQLite with two connections: transactions and writes go through the writer, one at a time;
 * a read outside any transaction goes straight to a read-only connection and sees the last
 * committed state (WAL). Kysely's own driver has one connection behind a lock, so every read
 * waited for any transaction in progress: under ten payment writers the list readers' p95 went
 * from 27 ms to 2.6 s (bench/ANALYSIS.md). better-sqlite3 is synchronous, so a read runs whole
 * before anything else does and needs no lock of its own.
 */

interface Statements {
  prepare(sql: string): SqliteDatabase.Statement;
  close(): void;
}

class Mutex {
  #held: Promise<void> | null = null;
  #release: (() => void) | null = null;

  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  unlock(): void {
    const release = this.#release;
    this.#held = null;
    this.#release = null;
    release?.();
  }
}

function run(db: Statements, query: CompiledQuery): QueryResult<unknown> {
  const statement = db.prepare(query.sql);
  const parameters = query.parameters as unknown[];
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    numAffectedRows: BigInt(changes),
    insertId: BigInt(lastInsertRowid),
    rows: [],
  };
}

/** A plain SELECT (or a raw statement that only reads): safe on the read-only connection. */
function readsOnly(reader: Statements, query: CompiledQuery): boolean {
  if (SelectQueryNode.is(query.query)) return true;
  if (!/^\s*(select|with)\b/i.test(query.sql)) return false;
  try {
    return reader.prepare(query.sql).readonly;
  } catch {
    return false;
  }
}

class SplitConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(private readonly driver: SplitSqliteDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { writer, reader, mutex } = this.driver;
    if (this.inTransaction) return run(writer, query) as QueryResult<R>;
    if (readsOnly(reader, query)) return run(reader, query) as QueryResult<R>;
    // A write on its own still waits for the transaction in progress, as before.
    await mutex.lock();
    try {
      return run(writer, query) as QueryResult<R>;
    } finally {
      mutex.unlock();
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) {
      throw new Error('Sqlite driver only supports streaming of select queries');
    }
    const db = this.inTransaction ? this.driver.writer : this.driver.reader;
    for (const row of db.prepare(query.sql).iterate(query.parameters as unknown[])) {
      yield { rows: [row as R] };
    }
  }
}

export class SplitSqliteDriver implements Driver {
  readonly mutex = new Mutex();

  constructor(
    readonly writer: Statements,
    readonly reader: Statements,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SplitConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.mutex.lock();
    (connection as SplitConnection).inTransaction = true;
    try {
      run(this.writer, CompiledQuery.raw('begin'));
    } catch (error) {
      (connection as SplitConnection).inTransaction = false;
      this.mutex.unlock();
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection, 'rollback');
  }

  async #end(connection: DatabaseConnection, command: 'commit' | 'rollback'): Promise<void> {
    try {
      run(this.writer, CompiledQuery.raw(command));
    } finally {
      (connection as SplitConnection).inTransaction = false;
      this.mutex.unlock();
    }
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    this.reader.close();
    this.writer.close();
  }
}

export class SplitSqliteDialect implements Dialect {
  constructor(
    private readonly writer: Statements,
    private readonly reader: Statements,
  ) {}

  createDriver(): Driver {
    return new SplitSqliteDriver(this.writer, this.reader);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
