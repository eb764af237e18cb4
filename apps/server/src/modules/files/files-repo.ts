import { sql, type Transaction } from 'kysely';
import { FILE_COLUMNS, type FileCollection } from '@siteledger/domain';
import type { Database } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { forUpdateClause } from '../../db/locking.js';
import { siteCondition } from '../../db/site-scope.js';

/** The site's record (its business's, for a shared master: db/site-scope.ts), by id. */
const ofSite = (collection: FileCollection, siteId: string, id: string) =>
  sql`${siteCondition(collection, `${collection}.site_id`, siteId)} and id = ${id}`;

/**
 * The record's file list (JSON text) and the site whose file area holds its files (the record's
 * own: a shared vendor's files stay where the vendor was made, whichever site adds them), or
 * undefined when the site has no such record.
 */
export async function findFileList(
  db: Executor,
  collection: FileCollection,
  siteId: string,
  id: string,
): Promise<{ list: string; area: string } | undefined> {
  const result = await sql<{ list: string; area: string }>`select
    ${sql.ref(FILE_COLUMNS[collection])} as list, site_id as area
    from ${sql.table(collection)} where ${ofSite(collection, siteId, id)}`.execute(db);
  return result.rows[0];
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
): Promise<{ list: string; area: string } | undefined> {
  const result = await sql<{ list: string; area: string }>`select
    ${sql.ref(FILE_COLUMNS[collection])} as list, site_id as area
    from ${sql.table(collection)} where ${ofSite(collection, siteId, id)}
    ${forUpdateClause(db)}`.execute(db);
  return result.rows[0];
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
    where ${ofSite(collection, siteId, id)}`.execute(db);
}

/**
 * The file area (a site id) of a record the site may read that lists the file, or undefined: the
 * site's own records, and its business's shared masters (whose files are in their own site's). Names are `[a-z0-9]{15}.ext` (checked before),
 * so the quoted name is a safe LIKE pattern: no wildcard characters can occur in it.
 */
export async function siteFileArea(
  db: Executor,
  siteId: string,
  name: string,
): Promise<string | undefined> {
  const pattern = `%"${name}"%`;
  const listed = (Object.entries(FILE_COLUMNS) as [FileCollection, string][]).map(
    ([table, column]) =>
      sql`select t.site_id as area from ${sql.table(table)} t
        where ${siteCondition(table, 't.site_id', siteId)} and ${sql.ref(`t.${column}`)} like ${pattern}`,
  );
  const result = await sql<{ area: string }>`${sql.join(listed, sql` union `)}`.execute(db);
  // The site's own area first: a name is unique, so at most one area holds it anyway.
  const areas = result.rows.map((row) => row.area);
  return areas.includes(siteId) ? siteId : areas[0];
}
