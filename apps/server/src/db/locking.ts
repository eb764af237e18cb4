import { PostgresAdapter, sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Executor } from './executor.js';

/*
 * Row locks inside a transaction. PostgreSQL needs them: concurrent transactions run side by side
 * and a rule that reads then writes must hold its rows (docs/ARCHITECTURE.md, "Money rules under
 * concurrency"). SQLite has no row locks and needs none: every transaction runs on the one writer
 * connection behind its lock (db/sqlite-driver.ts), so writers are already serial. The dialect is
 * read from the executor's adapter, so callers never pass a flag.
 */

/** True when the executor (database or transaction) talks to PostgreSQL. */
export function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

type LockTarget<DB, TB extends keyof DB, O> = Parameters<
  SelectQueryBuilder<DB, TB, O>['forUpdate']
>[0];

/** The query with `FOR UPDATE [OF …]` on PostgreSQL; unchanged on SQLite. */
export function forUpdate<DB, TB extends keyof DB, O>(
  db: Executor,
  query: SelectQueryBuilder<DB, TB, O>,
  of?: LockTarget<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return isPostgres(db) ? query.forUpdate(of) : query;
}

/**
 * The query with `FOR NO KEY UPDATE` on PostgreSQL: rows that reference the locked one may still
 * be inserted by other transactions (their foreign-key share locks do not conflict).
 */
export function forNoKeyUpdate<DB, TB extends keyof DB, O>(
  db: Executor,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return isPostgres(db) ? query.forNoKeyUpdate() : query;
}

/** The `for update` clause for raw SQL: empty on SQLite. */
export function forUpdateClause(db: Executor): RawBuilder<unknown> {
  return isPostgres(db) ? sql`for update` : sql``;
}
