import type { Executor } from './executor.js';

/** True when the vendor exists on this site (bodies may not name another site's vendor). */
export async function vendorExists(db: Executor, siteId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('vendors')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Summaries for `expand.vendor`: one query for a whole page. */
export async function vendorRefs(db: Executor, siteId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('vendors')
    .select(['id', 'name', 'company_name', 'phone', 'gstin'])
    .where('site_id', '=', siteId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}
