import { sql, type Transaction } from 'kysely';
import { FILE_COLUMNS, type FileCollection } from '@siteledger/domain';
import type { Database } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { forUpdateClause } from '../../db/locking.js';

/** The record's file list (JSON text), or undefined when the site has no such record. */
export async function findFileList(
  db: Executor,
  collection: FileCollection,
  siteId: string,
  id: string,
): Promise<string | undefined> {
  const result = await sql<{ list: string }>`select ${sql.ref(FILE_COLUMNS[collection])} as list
    from ${sql.table(collection)} where site_id = ${siteId} and id = ${id}`.execute(db);
  return result.rows[0]?.list;
}

/**
 * The same, with the row locked for the rest of the transaction on PostgreSQL, so two uploads to
 * one record cannot both read the old list and lose a name (SQLite transactions are serial).
 */
export async function lockFileList(
  db: Transaction<Database>,
  collection: FileCollection,
  siteId: string,
  id: string,
): Promise<string | undefined> {
  const result = await sql<{ list: string }>`select ${sql.ref(FILE_COLUMNS[collection])} as list
    from ${sql.table(collection)} where site_id = ${siteId} and id = ${id}
    ${forUpdateClause(db)}`.execute(db);
  return result.rows[0]?.list;
}

export async function setFileList(
  db: Executor,
  collection: FileCollection,
  siteId: string,
  id: string,
  list: string,
  now: string,
): Promise<void> {
  await sql`update ${sql.table(collection)}
    set ${sql.ref(FILE_COLUMNS[collection])} = ${list}, updated = ${now}
    where site_id = ${siteId} and id = ${id}`.execute(db);
}

/**
 * True when a record of the site lists the file. Names are `[a-z0-9]{15}.ext` (checked before),
 * so the quoted name is a safe LIKE pattern: no wildcard characters can occur in it.
 */
export async function siteHasFile(db: Executor, siteId: string, name: string): Promise<boolean> {
  const pattern = `%"${name}"%`;
  const listed = (Object.entries(FILE_COLUMNS) as [FileCollection, string][]).map(
    ([table, column]) =>
      sql`exists (select 1 from ${sql.table(table)} t
        where t.site_id = ${siteId} and ${sql.ref(`t.${column}`)} like ${pattern})`,
  );
  const result = await sql<{ found: number }>`select case when ${sql.join(listed, sql` or `)}
    then 1 else 0 end as found`.execute(db);
  return Number(result.rows[0]?.found ?? 0) === 1;
}
