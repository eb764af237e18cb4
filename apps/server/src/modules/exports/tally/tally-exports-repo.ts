import type { Insertable, Kysely } from 'kysely';
import type { TallyExportRecord } from '@siteledger/domain';
import type { Database } from '../../../db/schema.js';
import type { TallyExportsTable } from '../../../db/schema-tally.js';

type Db = Kysely<Database>;

export async function recordExport(db: Db, row: Insertable<TallyExportsTable>): Promise<void> {
  await db.insertInto('tally_exports').values(row).execute();
}

/** The site's latest site-wide export (by when it was made). */
export async function lastExport(db: Db, siteId: string): Promise<TallyExportRecord | null> {
  const row = await db
    .selectFrom('tally_exports')
    .select(['from_date', 'to_date', 'created', 'created_by', 'cutoff', 'since'])
    .where('site_id', '=', siteId)
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  return {
    from: row.from_date,
    to: row.to_date,
    created: row.created,
    created_by: row.created_by,
    cutoff: row.cutoff ?? row.created,
    since: row.since,
  };
}
