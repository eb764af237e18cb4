import { AsyncLocalStorage } from 'node:async_hooks';
import {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  UpdateQueryNode,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type OperationNode,
  type QueryResult,
  TableNode,
  type TransactionSettings,
} from 'kysely';

/*
 * Which tables a request's writes changed (issue 41, "the server says what a write changed").
 * The dialect is wrapped once (db/database.ts); every statement that runs through it is read for
 * the tables it inserts into, updates or deletes from: Kysely's insert/update/delete nodes by
 * their table, any other statement (raw `sql`, a CTE) by its text. Inside a transaction the
 * tables wait for its commit (a rollback forgets them, so a refused write names nothing); a
 * statement outside one counts once it has run. They go to the scope the statement ran in: each
 * request runs in one (platform/changed-collections.ts); work outside a request is not tracked.
 */

/** The tables a scope's committed writes changed. */
export type WrittenTables = Set<string>;

const scopes = new AsyncLocalStorage<WrittenTables>();

/** Runs `work` (a request's handling) with its own set of written tables. */
export function trackWrites<T>(tables: WrittenTables, work: () => T): T {
  return scopes.run(tables, work);
}

/** The table a target node names: `"t"` or `"t" as "x"`. */
function tableName(node: OperationNode | undefined): string | null {
  if (node && AliasNode.is(node)) return tableName(node.node);
  return node && TableNode.is(node) ? node.table.identifier.name : null;
}

// `insert into "t"`, `insert or ignore into t`, `update "t" set`, `delete from "t"`: the write
// targets in a statement's text (`for update` and `do update set` do not match: no table name).
const WRITE_TARGETS =
  /\b(?:insert(?:\s+or\s+\w+)?\s+into|delete\s+from|update)\s+(?:"?\w+"?\.)?"?(\w+)"?(?=\s|\(|$)/gi;

/** The tables a statement writes to (empty for a read). */
export function writtenTables(query: { query: OperationNode; sql: string }): string[] {
  const node = query.query;
  if (InsertQueryNode.is(node)) return [tableName(node.into)].filter(isName);
  // `update "t" set … from …`: a join's other tables are read, not written.
  if (UpdateQueryNode.is(node)) return [tableName(node.table)].filter(isName);
  if (DeleteQueryNode.is(node)) return node.from.froms.map(tableName).filter(isName);
  if (!/\b(insert|update|delete)\b/i.test(query.sql)) return [];
  const found = new Set<string>();
  for (const match of query.sql.matchAll(WRITE_TARGETS)) {
    const name = match[1]!;
    if (name.toLowerCase() !== 'set') found.add(name);
  }
  return [...found];
}

function isName(value: string | null): value is string {
  return value !== null;
}

/** A connection's writes waiting for its transaction to commit, with the scope they belong to. */
interface Pending {
  tables: Set<string>;
  scope: WrittenTables | undefined;
}

class TrackedConnection implements DatabaseConnection {
  pending: Pending | null = null;

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    const tables = writtenTables(query);
    if (tables.length > 0) {
      if (this.pending) for (const table of tables) this.pending.tables.add(table);
      else {
        const scope = scopes.getStore();
        if (scope) for (const table of tables) scope.add(table);
      }
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof TrackedConnection ? connection.inner : connection;
}

class TrackingDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new TrackedConnection(await this.inner.acquireConnection());
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    await this.inner.beginTransaction(unwrap(connection), settings);
    if (connection instanceof TrackedConnection) {
      connection.pending = { tables: new Set(), scope: scopes.getStore() };
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const pending = connection instanceof TrackedConnection ? connection.pending : null;
    try {
      await this.inner.commitTransaction(unwrap(connection));
    } finally {
      if (connection instanceof TrackedConnection) connection.pending = null;
    }
    const scope = pending?.scope ?? scopes.getStore();
    if (pending && scope) for (const table of pending.tables) scope.add(table);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof TrackedConnection) connection.pending = null;
    await this.inner.rollbackTransaction(unwrap(connection));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `dialect` with every committed write's tables reported to the scope it ran in. */
export function withWriteTracking(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new TrackingDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
