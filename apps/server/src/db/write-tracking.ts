import { AsyncLocalStorage } from 'node:async_hooks';
import {
  AliasNode,
  ColumnNode,
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

/**
 * What one statement did to one table: rows inserted (or replaced), rows deleted, or rows
 * updated with the columns it sets (`null`: columns it could not tell, read as every column).
 */
export type TableWrite =
  | { table: string; kind: 'insert' | 'delete' }
  | { table: string; kind: 'update'; columns: string[] | null };

/**
 * The tables a scope's committed writes changed (its members), and for kept list totals
 * (platform/list-totals.ts) how: per table, the columns its updates set, `null` once rows came
 * or went there or an update's columns are unknown; `deleted`, the tables rows were deleted from
 * (a delete can take rows of other tables with it: ON DELETE CASCADE / SET NULL).
 */
export class WrittenTables extends Set<string> {
  readonly columns = new Map<string, Set<string> | null>();
  readonly deleted = new Set<string>();
  /**
   * Other sites whose rows the request changed, and the tables there (`noteOtherSite`): a write
   * on one site that recomputes another's figures (TDS over the sites sharing a TAN).
   */
  readonly otherSites = new Map<string, Set<string>>();

  note(write: TableWrite): void {
    this.add(write.table);
    if (write.kind === 'delete') this.deleted.add(write.table);
    const known = this.columns.get(write.table);
    if (known === null) return;
    if (write.kind !== 'update' || write.columns === null) {
      this.columns.set(write.table, null);
      return;
    }
    const columns = known ?? new Set<string>();
    for (const column of write.columns) columns.add(column);
    this.columns.set(write.table, columns);
  }

  /** Adds what `other` (a committed transaction's writes) changed. */
  merge(other: WrittenTables): void {
    for (const table of other) this.add(table);
    for (const table of other.deleted) this.deleted.add(table);
    for (const [table, columns] of other.columns) {
      this.note(
        columns === null
          ? { table, kind: 'insert' }
          : { table, kind: 'update', columns: [...columns] },
      );
    }
  }
}

const scopes = new AsyncLocalStorage<WrittenTables>();

/**
 * Says that the running request changed `table` rows of another site (the tables it wrote are
 * seen by the driver; whose site they were it cannot tell). Noted at once, not at commit: a
 * write that then rolls back only makes that site's screens read again.
 */
export function noteOtherSite(siteId: string, table: string): void {
  const scope = scopes.getStore();
  if (!scope) return;
  const tables = scope.otherSites.get(siteId) ?? new Set<string>();
  tables.add(table);
  scope.otherSites.set(siteId, tables);
}

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
  /\b(insert(?:\s+or\s+\w+)?\s+into|replace\s+into|delete\s+from|update)\s+(?:"?\w+"?\.)?"?(\w+)"?(?=\s|\(|$)/gi;

/** The tables a statement writes to (empty for a read). */
export function writtenTables(query: { query: OperationNode; sql: string }): string[] {
  return [...new Set(tableWrites(query).map((write) => write.table))];
}

/** What a statement writes, table by table (empty for a read). */
export function tableWrites(query: { query: OperationNode; sql: string }): TableWrite[] {
  const node = query.query;
  const byNode = nodeWrites(node);
  // A statement with a `WITH` may write in its CTEs too: those are read from its text.
  if (byNode && !('with' in node && node.with)) return byNode;
  if (!/\b(insert|update|delete|replace)\b/i.test(query.sql)) return byNode ?? [];
  return [...(byNode ?? []), ...textWrites(query.sql)];
}

function nodeWrites(node: OperationNode): TableWrite[] | null {
  if (InsertQueryNode.is(node)) {
    const table = tableName(node.into);
    // `insert or replace` deletes the rows it replaces.
    const replaces = node.replace === true || node.orAction?.action === 'replace';
    const kind = replaces ? 'delete' : 'insert';
    return table ? [{ table, kind }] : [];
  }
  // `update "t" set … from …`: a join's other tables are read, not written.
  if (UpdateQueryNode.is(node)) {
    const table = tableName(node.table);
    if (!table) return [];
    const updates = node.updates ?? [];
    const columns: string[] = [];
    for (const update of updates) {
      if (!ColumnNode.is(update.column)) return [{ table, kind: 'update', columns: null }];
      columns.push(update.column.column.name);
    }
    return [{ table, kind: 'update', columns }];
  }
  if (DeleteQueryNode.is(node)) {
    return node.from.froms
      .map(tableName)
      .filter(isName)
      .map((table) => ({ table, kind: 'delete' as const }));
  }
  return null;
}

function textWrites(text: string): TableWrite[] {
  const found: TableWrite[] = [];
  for (const match of text.matchAll(WRITE_TARGETS)) {
    const table = match[2]!;
    if (table.toLowerCase() === 'set') continue;
    const verb = match[1]!.toLowerCase();
    if (verb.startsWith('update')) {
      found.push({
        table,
        kind: 'update',
        columns: setColumns(text, match.index + match[0].length),
      });
    } else if (verb.startsWith('delete') || /\b(replace)\b/.test(verb)) {
      found.push({ table, kind: 'delete' });
    } else found.push({ table, kind: 'insert' });
  }
  return found;
}

const SET_LIST_ENDS = new Set(['from', 'where', 'returning']);

/**
 * The columns an `update … set a = …, "b" = …` assigns, read from the text after its table;
 * `null` when the text does not read as such a list (the caller then takes every column).
 */
export function setColumns(text: string, start: number): string[] | null {
  const head = /^\s+set\s+/i.exec(text.slice(start));
  if (!head) return null;
  const segments: string[] = [];
  let depth = 0;
  let segment = '';
  let i = start + head[0].length;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return null;
      segment += text.slice(i, close + 1);
      i = close;
      continue;
    }
    if (c === '(') depth++;
    if (c === ')' && --depth < 0) break;
    if (depth === 0 && c === ';') break;
    if (depth === 0 && c === ',') {
      segments.push(segment);
      segment = '';
      continue;
    }
    if (depth === 0 && /[a-z_]/i.test(c) && !/[\w"]/.test(text[i - 1] ?? ' ')) {
      const word = /^\w+/.exec(text.slice(i))![0];
      if (SET_LIST_ENDS.has(word.toLowerCase())) break;
      segment += word;
      i += word.length - 1;
      continue;
    }
    segment += c;
  }
  segments.push(segment);
  const columns: string[] = [];
  for (const part of segments) {
    // `col = …` or `"t"."col" = …`; a row-value `(a, b) = …` or anything else is not read.
    const assigned = /^\s*(?:"?\w+"?\.)?"?(\w+)"?\s*=/.exec(part);
    if (!assigned) return null;
    columns.push(assigned[1]!);
  }
  return columns;
}

function isName(value: string | null): value is string {
  return value !== null;
}

/** A connection's writes waiting for its transaction to commit, with the scope they belong to. */
interface Pending {
  writes: WrittenTables;
  scope: WrittenTables | undefined;
}

class TrackedConnection implements DatabaseConnection {
  pending: Pending | null = null;

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    const writes = tableWrites(query);
    if (writes.length > 0) {
      const into = this.pending?.writes ?? scopes.getStore();
      if (into) for (const write of writes) into.note(write);
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
      connection.pending = { writes: new WrittenTables(), scope: scopes.getStore() };
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
    if (pending && scope) scope.merge(pending.writes);
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
