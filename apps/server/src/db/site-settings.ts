import { sql } from 'kysely';
import type { Executor } from './executor.js';
import type { SitesTable } from './schema.js';

/**
 * Columns of the site's own row that a rule reads (its approval amount, over-receipt tolerance,
 * negative-stock switch…): `select <columns> from sites where id = ?`. Undefined when the site is
 * gone.
 */
export async function siteSettings<C extends keyof SitesTable & string>(
  db: Executor,
  siteId: string,
  columns: readonly C[],
): Promise<Pick<SitesTable, C> | undefined> {
  const row = await db
    .selectFrom('sites')
    .select(columns.map((column) => sql.ref(`sites.${column}`).as(column)))
    .where('id', '=', siteId)
    .executeTakeFirst();
  // The row carries exactly the named columns (aliased to themselves).
  return row as Pick<SitesTable, C> | undefined;
}

/** One column of the site's row (see siteSettings). */
export async function siteSetting<C extends keyof SitesTable & string>(
  db: Executor,
  siteId: string,
  column: C,
): Promise<SitesTable[C] | undefined> {
  return (await siteSettings(db, siteId, [column]))?.[column];
}
