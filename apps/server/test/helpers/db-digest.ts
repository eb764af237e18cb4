import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

/** Tables whose rows change on reads or sign-ins, not on writes to records. */
const IGNORED = new Set(['sessions', 'kysely_migration', 'kysely_migration_lock']);

/** A hash of every row of every table: equal digests mean nothing was written. */
export async function databaseDigest(db: Kysely<Database>): Promise<string> {
  const tables = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !IGNORED.has(name))
    .sort();
  const hash = createHash('sha256');
  for (const table of tables) {
    const rows = (await sql`select * from ${sql.table(table)}`.execute(db)).rows as Record<
      string,
      unknown
    >[];
    const lines = rows.map((row) =>
      JSON.stringify(
        Object.keys(row)
          .sort()
          .map((key) => [key, row[key]]),
      ),
    );
    lines.sort();
    hash.update(`${table}\n${lines.join('\n')}\n`);
  }
  return hash.digest('hex');
}
