import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Executor } from './executor.js';
import { forNoKeyUpdate, forUpdate } from './locking.js';
import type { Database } from './schema.js';
import { siteCondition } from './site-scope.js';

/*
 * The statements every site-scoped table repeats: one row by site and id (read, locked, changed,
 * deleted), the site's ids among some, a parent's child rows, "is anything pointing at it".
 * Column names go through sql.ref because the table is a type parameter; the SQL is the same as
 * the hand-written statements these replace.
 */

/** Tables whose rows belong to one site and have an id. */
export type SiteTable = {
  [K in keyof Database]: Database[K] extends { id: string; site_id: string } ? K : never;
}[keyof Database];

/** Tables with an id column (lookups that are not scoped to a site). */
export type IdTable = {
  [K in keyof Database]: Database[K] extends { id: string } ? K : never;
}[keyof Database];

const ref = (table: string, column: string) => sql.ref(`${table}.${column}`);

/** The site's rows of `table` (its business's, for a shared table: db/site-scope.ts). */
const ofSite = (table: string, siteId: string) => siteCondition(table, `${table}.site_id`, siteId);

function oneRow<T extends SiteTable>(db: Executor, table: T, siteId: string, id: string) {
  return db
    .selectFrom(table as SiteTable)
    .selectAll()
    .where(ofSite(table, siteId))
    .where(ref(table, 'id'), '=', id);
}

/** The site's row `id` of `table`, or undefined. */
export function findSiteRow<T extends SiteTable>(
  db: Executor,
  table: T,
  siteId: string,
  id: string,
): Promise<Selectable<Database[T]> | undefined> {
  return oneRow(db, table, siteId, id).executeTakeFirst() as Promise<
    Selectable<Database[T]> | undefined
  >;
}

/**
 * The row held for a change until the transaction ends (PostgreSQL row lock; SQLite writers are
 * serial, docs/ARCHITECTURE.md "Money rules under concurrency").
 */
export function lockSiteRow<T extends SiteTable>(
  db: Executor,
  table: T,
  siteId: string,
  id: string,
): Promise<Selectable<Database[T]> | undefined> {
  return forUpdate(db, oneRow(db, table, siteId, id)).executeTakeFirst() as Promise<
    Selectable<Database[T]> | undefined
  >;
}

/** Inserts rows, `chunk` at a time so no statement nears a driver's parameter limit. */
export async function insertRows<T extends SiteTable>(
  db: Executor,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  chunk = rows.length,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await db
      .insertInto(table as SiteTable)
      .values(rows.slice(i, i + chunk) as Insertable<Database[SiteTable]>[])
      .execute();
  }
}

/** Writes `changes` to the site's row `id`. */
export async function updateSiteRow<T extends SiteTable>(
  db: Executor,
  table: T,
  siteId: string,
  id: string,
  changes: Updateable<Database[T]>,
): Promise<void> {
  await db
    .updateTable(table as SiteTable)
    .set(changes as Updateable<Database[SiteTable]>)
    .where(ofSite(table, siteId))
    .where(ref(table, 'id'), '=', id)
    .execute();
}

/** Deletes the site's row `id`; answers how many rows went (0 or 1). */
export async function deleteSiteRow(
  db: Executor,
  table: SiteTable,
  siteId: string,
  id: string,
): Promise<number> {
  const result = await db
    .deleteFrom(table)
    .where(ofSite(table, siteId))
    .where(ref(table, 'id'), '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the site's rows of `table` whose `column` is `value` (a parent's lines). */
export async function deleteSiteRowsWhere(
  db: Executor,
  table: SiteTable,
  siteId: string,
  column: string,
  value: string,
): Promise<void> {
  await db
    .deleteFrom(table)
    .where(ofSite(table, siteId))
    .where(ref(table, column), '=', value)
    .execute();
}

/** Columns of the site's rows among `ids` (one query for a whole page's references). */
export async function siteRowsAmong<T extends SiteTable, C extends keyof Database[T] & string>(
  db: Executor,
  table: T,
  siteId: string,
  ids: readonly string[],
  columns: readonly C[],
): Promise<Pick<Database[T], C>[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(table as SiteTable)
    .select(columns.map((column) => ref(table, column).as(column)))
    .where(ofSite(table, siteId))
    .where(ref(table, 'id'), 'in', [...new Set(ids)])
    .execute();
  // The rows carry exactly the named columns (aliased to themselves).
  return rows as unknown as Pick<Database[T], C>[];
}

/**
 * The site's rows of `table` among `ids`, ordered by id and locked on PostgreSQL: every
 * transaction takes a set of rows in the same order, so two never wait on each other.
 */
export async function lockSiteRowsAmong<T extends SiteTable>(
  db: Executor,
  table: T,
  siteId: string,
  ids: readonly string[],
): Promise<Selectable<Database[T]>[]> {
  if (ids.length === 0) return [];
  const rows = await forUpdate(
    db,
    db
      .selectFrom(table as SiteTable)
      .selectAll()
      .where(ofSite(table, siteId))
      .where(ref(table, 'id'), 'in', [...new Set(ids)])
      .orderBy(ref(table, 'id')),
  ).execute();
  return rows as Selectable<Database[T]>[];
}

/** Which of `ids` are rows of `table` on the site (a record may name only its own site's). */
export async function siteIdsAmong(
  db: Executor,
  table: SiteTable,
  siteId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const rows = await siteRowsAmong(db, table, siteId, ids, ['id']);
  return new Set(rows.map((r) => r.id));
}

/** True when the site has row `id` of `table`. */
export async function siteRowExists(
  db: Executor,
  table: SiteTable,
  siteId: string,
  id: string,
): Promise<boolean> {
  return (await siteIdsAmong(db, table, siteId, [id])).has(id);
}

/** Whether any row of `table` (of the site, when `siteId` is given) has `column` = `value`. */
async function anyRow(
  db: Executor,
  table: IdTable,
  siteId: string | null,
  column: string,
  value: string,
): Promise<boolean> {
  let query = db.selectFrom(table).select(ref(table, 'id').as('id'));
  if (siteId !== null) query = query.where(ofSite(table, siteId));
  const row = await query.where(ref(table, column), '=', value).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** True when some row of `table` has `column` = `value` (a reference that blocks a change). */
export function anyRowWhere(
  db: Executor,
  table: IdTable,
  column: string,
  value: string,
): Promise<boolean> {
  return anyRow(db, table, null, column, value);
}

/** True when some row of the site's `table` has `column` = `value` (a record that names it). */
export function anySiteRowWhere(
  db: Executor,
  table: SiteTable,
  siteId: string,
  column: string,
  value: string,
): Promise<boolean> {
  return anyRow(db, table, siteId, column, value);
}

/** The one-row statements of `table`, bound to it (a repo's find/lock/update/remove). */
export function siteRows<T extends SiteTable>(table: T) {
  return {
    find: (db: Executor, siteId: string, id: string) => findSiteRow(db, table, siteId, id),
    lock: (db: Executor, siteId: string, id: string) => lockSiteRow(db, table, siteId, id),
    /** FOR NO KEY UPDATE: rows that reference it may still be inserted meanwhile. */
    lockNoKey: (db: Executor, siteId: string, id: string) =>
      forNoKeyUpdate(db, oneRow(db, table, siteId, id)).executeTakeFirst() as Promise<
        Selectable<Database[T]> | undefined
      >,
    update: (db: Executor, siteId: string, id: string, changes: Updateable<Database[T]>) =>
      updateSiteRow(db, table, siteId, id, changes),
    remove: (db: Executor, siteId: string, id: string) => deleteSiteRow(db, table, siteId, id),
    insert: (db: Executor, ...rows: Insertable<Database[T]>[]) => insertRows(db, table, rows),
  };
}

/** Any site table's row, for the reader below (Kysely cannot follow a generic table name). */
interface LooseRefRow {
  id: string;
  site_id: string;
  [column: string]: unknown;
}

/** Ids named, once each; blanks (an unset reference) left out. */
export const uniqueIds = (ids: readonly (string | null | undefined)[]): string[] => [
  ...new Set(ids.filter((id): id is string => !!id)),
];

/**
 * A reader of short summaries of a site's rows by id (`expand.<field>`, reference checks): one
 * query for a whole page, none when no id is named.
 */
export function siteRefs<T extends SiteTable, C extends keyof Database[T] & string>(
  table: T,
  columns: readonly C[],
) {
  const name: string = table;
  return async (
    db: Executor,
    siteId: string,
    ids: readonly (string | null | undefined)[],
  ): Promise<Pick<Database[T], C>[]> => {
    const list = uniqueIds(ids);
    if (list.length === 0) return [];
    const rows = await (db as unknown as Kysely<Record<string, LooseRefRow>>)
      .selectFrom(name)
      .select([...columns] as string[])
      .where(ofSite(name, siteId))
      .where('id', 'in', list)
      .execute();
    return rows as unknown as Pick<Database[T], C>[];
  };
}
