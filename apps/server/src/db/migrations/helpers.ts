import type { CreateTableBuilder, Kysely } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

// Migrations see an untyped database on purpose: they describe the schema as it was at that step.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An 8-byte float on both databases (PostgreSQL `real` is only 4 bytes). */
export function doubleType(db: AnyDb) {
  return isPostgres(db) ? sql`double precision` : sql`real`;
}

/** id, created and updated, which every table has. */
export function withBase<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C | 'id' | 'created' | 'updated'> {
  return table
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull());
}

/** site_id on a business table: required, and the row goes with its site. */
export function withSite<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C | 'site_id'> {
  return table.addColumn('site_id', 'text', (c) =>
    c.notNull().references('sites.id').onDelete('cascade'),
  );
}
