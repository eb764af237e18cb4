/**
 * The rows of businesses (issue 47) that the sites and businesses modules both write: a site is
 * created into one, and a TAN is the business's, copied onto each of its sites (the TDS engine
 * reads a site's `tan` to find its deductor), in the caller's transaction.
 */
import { businessSiteIds } from './site-scope.js';
import type { Executor } from './executor.js';
import type { BusinessesTable } from './schema.js';

/** A new business: its role settings at their defaults unless given. */
export async function insertBusiness(
  db: Executor,
  row: Omit<BusinessesTable, 'role_settings'> & { role_settings?: string },
): Promise<void> {
  await db
    .insertInto('businesses')
    .values({ role_settings: '{}', ...row })
    .execute();
}

/** The business if `userId` owns it. */
export function findOwnedBusiness(db: Executor, id: string, userId: string) {
  return db
    .selectFrom('businesses')
    .selectAll()
    .where('id', '=', id)
    .where('owner', '=', userId)
    .executeTakeFirst();
}

/** The business's TAN, and so every one of its sites'. */
export async function setBusinessTan(
  db: Executor,
  businessId: string,
  tan: string | null,
  now: string,
): Promise<void> {
  await db
    .updateTable('businesses')
    .set({ tan, updated: now })
    .where('id', '=', businessId)
    .execute();
  await db
    .updateTable('sites')
    .set({ tan, updated: now })
    .where('business_id', '=', businessId)
    .execute();
}

/**
 * The sites' vendors, oldest first — the order that decides whose name a party carries when
 * vendors of several sites are one (domain `mergeGroups`: the merge preview, the reports across
 * sites).
 */
export function vendorsOfSites(db: Executor, siteIds: readonly string[]) {
  if (siteIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('vendors')
    .select(['id', 'site_id', 'name', 'gstin'])
    .where('site_id', 'in', [...siteIds])
    .orderBy('created')
    .orderBy('id')
    .execute();
}

/** The other sites of `siteId`'s business (what a write to a shared master reaches, issue 47). */
export async function siblingSites(db: Executor, siteId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sites')
    .select('id')
    .where('id', 'in', businessSiteIds(siteId))
    .where('id', '<>', siteId)
    .execute();
  return rows.map((row) => row.id);
}
