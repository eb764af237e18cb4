import { siteCondition } from '../../db/site-scope.js';
import { sql } from 'kysely';
import type { QuotationsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { siteRows } from '../../platform/record-service.js';

export type QuotationRow = QuotationsTable;
export type QuotationWithStatus = QuotationRow & { effective_status: string };

/** A pending quotation past valid_until reads `expired` (same expression for reads and filters). */
function effectiveStatus(today: string) {
  return sql<string>`case when quotations.status = 'pending'
    and quotations.valid_until is not null and quotations.valid_until < ${today}
    then 'expired' else quotations.status end`;
}

/** The list query: quotations with their effective status, optionally filtered on it. */
export function quotationsQuery(db: Executor, today: string, filters: { status?: string }) {
  let query = db
    .selectFrom('quotations')
    .selectAll('quotations')
    .select(effectiveStatus(today).as('effective_status'));
  if (filters.status) query = query.where(effectiveStatus(today), '=', filters.status);
  return query;
}

export function findQuotation(
  db: Executor,
  siteId: string,
  id: string,
  today: string,
): Promise<QuotationWithStatus | undefined> {
  return quotationsQuery(db, today, {})
    .where('quotations.site_id', '=', siteId)
    .where('quotations.id', '=', id)
    .executeTakeFirst();
}

export const {
  insert: insertQuotation,
  update: updateQuotation,
  remove: deleteQuotation,
} = siteRows('quotations');

/** True when the record exists on the site (references of a body must stay on the site). */
export async function existsOnSite(
  db: Executor,
  table: 'items' | 'services',
  siteId: string,
  id: string,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where(siteCondition(table, `${table}.site_id`, siteId))
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export function itemsByIds(db: Executor, siteId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('items')
    .select(['id', 'name', 'unit'])
    .where(siteCondition('items', 'items.site_id', siteId))
    .where('id', 'in', ids)
    .execute();
}

export function servicesByIds(db: Executor, siteId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('services')
    .select(['id', 'name', 'category', 'unit', 'standard_rate'])
    .where(siteCondition('services', 'services.site_id', siteId))
    .where('id', 'in', ids)
    .execute();
}
