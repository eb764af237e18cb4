import {
  planResources,
  registryTables,
  rowKeys,
  siteReferences as declaredReferences,
} from '@siteledger/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { isPostgres } from '../db/locking.js';

export type Reference = readonly [table: string, column: string, target: string];

/**
 * Every reference between site records: [table, column, target table], from the `ref()` fields
 * of the record-type registry (issue 41; a new record type's references are checked as soon as
 * its entry declares them). A reference must point at an existing row of the same site (no
 * orphans, no cross-site links). `schemaReferences` reads the same list off the database's
 * foreign keys; test/registry.test.ts holds the two equal.
 */
export async function siteReferences(_db: Kysely<Database>): Promise<Reference[]> {
  return declaredReferences().map((ref): Reference => [...ref]);
}

/**
 * The references the schema's foreign keys declare between tables that carry a `site_id` (not a
 * record's own `site_id`, nor links to users or plans), less the ones that point at another site
 * by design.
 */
export async function schemaReferences(db: Kysely<Database>): Promise<Reference[]> {
  const keys = isPostgres(db)
    ? await sql<ForeignKey>`
        select kcu.table_name as "table", kcu.column_name as "column", ccu.table_name as target
          from information_schema.table_constraints tc
          join information_schema.key_column_usage kcu
            on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
          join information_schema.constraint_column_usage ccu
            on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
         where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(
        db,
      )
    : await sql<ForeignKey>`
        select m.name as "table", f."from" as "column", f."table" as target
          from sqlite_master m, pragma_foreign_key_list(m.name) f
         where m.type = 'table'`.execute(db);
  const sited = new Set(
    (isPostgres(db)
      ? await sql<{ table: string }>`
          select table_name as "table" from information_schema.columns
           where column_name = 'site_id' and table_schema = current_schema()`.execute(db)
      : await sql<{ table: string }>`
          select m.name as "table" from sqlite_master m, pragma_table_info(m.name) c
           where m.type = 'table' and c.name = 'site_id'`.execute(db)
    ).rows.map((row) => row.table),
  );
  const found = keys.rows
    .filter((key) => sited.has(key.table) && sited.has(key.target) && key.column !== 'site_id')
    .filter((key) => !OTHER_SITE.has(`${key.table}.${key.column}`))
    .map((key): Reference => [key.table, key.column, key.target]);
  const unique = new Map(found.map((ref) => [ref.join('.'), ref]));
  return [...unique.values()].sort((a, b) => (a.join('.') < b.join('.') ? -1 : 1));
}

/**
 * References that point at another site by design, as the registry marks them (`otherSite`): a
 * transfer line's item on the receiving site (integrity/stock-checks.ts checks it against the
 * transfer's to_site), a worker lent by another site (integrity/labour-checks.ts).
 */
const OTHER_SITE = new Set(
  registryTables().flatMap(({ table, fields }) =>
    Object.entries(fields).flatMap(([column, codec]) =>
      codec.kind === 'ref' && codec.otherSite ? [`${table}.${column}`] : [],
    ),
  ),
);

interface ForeignKey {
  table: string;
  column: string;
  target: string;
}

/** Tables of records counted by plan limits (the registry's): the resource names are the table names. */
export const counted = (): string[] => planResources();

/** Tables without an id column (tag links): how to name a row in a report (`rowKey`). */
export const linkKeys = (): Record<string, string> => rowKeys();
