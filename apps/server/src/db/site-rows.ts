import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';
import type { Executor } from './executor.js';
import { forUpdate } from './locking.js';

/** Tables whose rows belong to one site and are known by `id`. */
export type SiteTable = {
  [K in keyof Database]: Database[K] extends { id: string; site_id: string } ? K : never;
}[keyof Database];

/** What the shared statements below see of a site table: its key, its site, other columns. */
interface LooseRow {
  id: string;
  site_id: string;
  [column: string]: unknown;
}
type Loose = Kysely<Record<string, LooseRow>>;

/*
 * Kysely cannot check a statement over a table named by a type parameter, so the statements are
 * written once over a loose view of the database; each repo gets them typed for its own table.
 */
const loose = (db: Executor) => db as unknown as Loose;

/**
 * The five statements every site record's repo writes the same way, always scoped to the site:
 * read one row by id, read and lock it (FOR UPDATE on PostgreSQL), insert, update and delete.
 */
export function siteRows<T extends SiteTable>(table: T) {
  type Row = Database[T];
  const name: string = table;
  const one = (db: Executor, siteId: string, id: string) =>
    loose(db).selectFrom(name).selectAll().where('site_id', '=', siteId).where('id', '=', id);
  return {
    find: (db: Executor, siteId: string, id: string): Promise<Row | undefined> =>
      one(db, siteId, id).executeTakeFirst() as Promise<Row | undefined>,
    lock: (db: Transaction<Database>, siteId: string, id: string): Promise<Row | undefined> =>
      forUpdate(db, one(db, siteId, id)).executeTakeFirst() as Promise<Row | undefined>,
    async insert(db: Executor, row: Row): Promise<void> {
      await loose(db)
        .insertInto(name)
        .values(row as unknown as LooseRow)
        .execute();
    },
    async update(db: Executor, siteId: string, id: string, changes: Partial<Row>): Promise<void> {
      await loose(db)
        .updateTable(name)
        .set(changes as Partial<LooseRow>)
        .where('site_id', '=', siteId)
        .where('id', '=', id)
        .execute();
    },
    async remove(db: Executor, siteId: string, id: string): Promise<void> {
      await loose(db).deleteFrom(name).where('site_id', '=', siteId).where('id', '=', id).execute();
    },
  };
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
    const rows = await loose(db)
      .selectFrom(name)
      .select([...columns])
      .where('site_id', '=', siteId)
      .where('id', 'in', list)
      .execute();
    return rows as unknown as Pick<Database[T], C>[];
  };
}
