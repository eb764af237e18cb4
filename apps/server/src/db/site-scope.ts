import { sharedTables } from '@siteledger/domain';
import { sql, type RawBuilder } from 'kysely';

/*
 * Which rows a site sees (issue 47, shared masters): its own, and for the tables its business
 * shares (the registry's `shared`: vendors and tags) every row made by any site of the business.
 * A master keeps the `site_id` of the site that made it, so merging two sites into one business
 * shares their masters with no row rewritten, and plan limits go on counting what each site made.
 */

const SHARED = new Set(sharedTables());

/** True when `table`'s rows belong to the business rather than one site. */
export const isSharedTable = (table: string): boolean => SHARED.has(table);

/** The ids of the sites of `siteId`'s business, itself included (a subquery). */
export function businessSiteIds(siteId: string): RawBuilder<string> {
  return sql<string>`(select bs.id from sites bs where bs.business_id =
    (select os.business_id from sites os where os.id = ${siteId}))`;
}

/**
 * The condition "this row is the site's to see" on `column` (a `site_id`, qualified as the query
 * needs it) of `table`: the site's own rows, or its business's for a shared table.
 */
export function siteCondition(table: string, column: string, siteId: string): RawBuilder<boolean> {
  return isSharedTable(table)
    ? sql<boolean>`${sql.ref(column)} in ${businessSiteIds(siteId)}`
    : sql<boolean>`${sql.ref(column)} = ${siteId}`;
}
