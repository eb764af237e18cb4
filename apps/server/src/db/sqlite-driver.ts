import { performance } from 'node:perf_hooks';
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
  /** Whether SQLite has a transaction open (false after an error that rolled it all back). */
  readonly inTransaction: boolean;
}

/**
 * Group commit: transactions that follow one another while requests are waiting share one SQLite
 * transaction and one COMMIT (a commit writes every page touched into the WAL: ≈ 0.4 ms, a sixth
 * of a delivery's create — bench/ANALYSIS.md). Each runs in a savepoint of the shared
 * transaction, so a refused one is rolled back alone; one that ends waits for the shared COMMIT
 * before its caller goes on, so nothing is answered before it is durable, and a failed COMMIT
 * fails every transaction of the group. The group is committed as soon as the writer is free
 * with nobody queued, or before it would exceed these bounds.
 */
const GROUP_MAX_TRANSACTIONS = 32;
const GROUP_MAX_MS = 20;

interface Waiting {
  resolve(): void;
  reject(error: unknown): void;
}

class Mutex {
  #held: Promise<void> | null = null;
  #release: (() => void) | null = null;

  get held(): boolean {
    return this.#held !== null;
  }

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
  /** Its transaction's savepoint is open: only then may it be released or rolled back. */
  ownsSavepoint = false;

  constructor(private readonly driver: SplitSqliteDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { writer, reader, mutex } = this.driver;
    if (this.inTransaction) return run(writer, query) as QueryResult<R>;
    if (readsOnly(reader, query)) return run(reader, query) as QueryResult<R>;
    // A write on its own still waits for the transaction in progress, as before, and is not
    // part of a group: what it wrote counts once it returns.
    await mutex.lock();
    try {
      this.driver.commitGroup();
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
  /** The shared transaction is open (BEGIN sent, COMMIT not yet). */
  #groupOpen = false;
  #groupStarted = 0;
  /** The group's ended transactions, waiting for its COMMIT. */
  #waiting: Waiting[] = [];
  #scheduled = false;

  constructor(
    readonly writer: Statements,
    readonly reader: Statements,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SplitConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const split = connection as SplitConnection;
    await this.mutex.lock();
    try {
      const full =
        this.#waiting.length >= GROUP_MAX_TRANSACTIONS ||
        performance.now() - this.#groupStarted >= GROUP_MAX_MS;
      if (this.#groupOpen && full) this.commitGroup();
      if (!this.#groupOpen) {
        run(this.writer, CompiledQuery.raw('begin'));
        this.#groupOpen = true;
        this.#groupStarted = performance.now();
      }
      run(this.writer, CompiledQuery.raw('savepoint tx'));
    } catch (error) {
      this.#abandonIfLost(error);
      this.#schedule();
      this.mutex.unlock();
      throw error;
    }
    split.inTransaction = true;
    split.ownsSavepoint = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const split = connection as SplitConnection;
    if (!split.ownsSavepoint) throw new Error('no transaction to commit');
    // Should the release throw, the savepoint stays: Kysely calls rollbackTransaction next.
    run(this.writer, CompiledQuery.raw('release tx'));
    const committed = new Promise<void>((resolve, reject) =>
      this.#waiting.push({ resolve, reject }),
    );
    // Unhandled until awaited below; a rejection is the caller's error, not a crash.
    committed.catch(() => {});
    split.ownsSavepoint = false;
    split.inTransaction = false;
    this.#schedule();
    this.mutex.unlock();
    await committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const split = connection as SplitConnection;
    // After a failed shared COMMIT Kysely rolls back too: this transaction holds nothing by then.
    if (!split.ownsSavepoint) return;
    split.ownsSavepoint = false;
    split.inTransaction = false;
    try {
      if (this.writer.inTransaction) {
        run(this.writer, CompiledQuery.raw('rollback to tx'));
        run(this.writer, CompiledQuery.raw('release tx'));
      } else {
        this.#abandonIfLost(new Error('the shared transaction was rolled back'));
      }
    } catch (error) {
      this.#abandonIfLost(error);
      throw error;
    } finally {
      this.#schedule();
      this.mutex.unlock();
    }
  }

  /**
   * COMMITs the group, then lets its transactions' callers go on (or fails them all). The caller
   * holds the writer (the mutex).
   */
  commitGroup(): void {
    if (!this.#groupOpen) return;
    const waiting = this.#waiting;
    this.#waiting = [];
    this.#groupOpen = false;
    try {
      run(this.writer, CompiledQuery.raw('commit'));
    } catch (error) {
      if (this.writer.inTransaction) run(this.writer, CompiledQuery.raw('rollback'));
      for (const w of waiting) w.reject(error);
      return;
    }
    for (const w of waiting) w.resolve();
  }

  /** SQLite rolled the whole shared transaction back (an I/O error, a full disk): all fail. */
  #abandonIfLost(error: unknown): void {
    if (!this.#groupOpen || this.writer.inTransaction) return;
    const waiting = this.#waiting;
    this.#waiting = [];
    this.#groupOpen = false;
    for (const w of waiting) w.reject(error);
  }

  /**
   * Commits the group once the transactions queued behind the one that just ended have had
   * their turn: a queued caller takes the writer before this runs (promise callbacks before
   * `setImmediate`), and commits in turn when it ends.
   */
  #schedule(): void {
    if (this.#scheduled || !this.#groupOpen) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      if (!this.#groupOpen || this.mutex.held) return;
      void this.mutex.lock().then(() => {
        try {
          this.commitGroup();
        } finally {
          this.mutex.unlock();
        }
      });
    });
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.mutex.lock();
    try {
      this.commitGroup();
    } finally {
      this.mutex.unlock();
    }
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
