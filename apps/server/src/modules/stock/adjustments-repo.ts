import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { siteSetting } from '../../db/site-settings.js';
import { itemNameAndUnit, userNameColumn } from '../../db/name-columns.js';
import { insertRows, siteIdsAmong, siteRows } from '../../db/site-rows.js';
import type { StockAdjustmentsTable } from '../../db/schema.js';

export type AdjustmentRow = StockAdjustmentsTable;

/** Adjustments with their item and who recorded them (subqueries keep the list's one table). */
export function adjustmentsQuery(db: Executor) {
  return db
    .selectFrom('stock_adjustments')
    .selectAll('stock_adjustments')
    .select([
      ...itemNameAndUnit('stock_adjustments'),
      userNameColumn('stock_adjustments.created_by', 'created_by_name'),
    ]);
}
export type AdjustmentWithNames = AdjustmentRow & {
  item_name: string | null;
  unit: string | null;
  created_by_name: string | null;
};

export function findAdjustments(db: Executor, siteId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as AdjustmentWithNames[]);
  return adjustmentsQuery(db)
    .where('stock_adjustments.site_id', '=', siteId)
    .where('stock_adjustments.id', 'in', [...ids])
    .orderBy('stock_adjustments.id')
    .execute() as Promise<AdjustmentWithNames[]>;
}

const rows = siteRows('stock_adjustments');
export const lockAdjustment = rows.lock;
export const insertAdjustments = (db: Executor, adjustments: readonly AdjustmentRow[]) =>
  insertRows(db, 'stock_adjustments', adjustments);
export const updateAdjustment = rows.update;
export const deleteAdjustment = rows.remove;

export async function countThreshold(db: Executor, siteId: string): Promise<number | null> {
  const value = await siteSetting(db, siteId, 'stock_count_threshold');
  return value == null ? null : Number(value);
}

/** The site's items among `ids`. */
export const itemsOnSite = (db: Executor, siteId: string, ids: readonly string[]) =>
  siteIdsAmong(db, 'items', siteId, ids);

/**
 * Per item, the Σ value (paise, signed) of the counts on `date` that moved stock with nobody's
 * approval: applied, undecided, recorded by someone who is not an owner of the site. A day's
 * counts are judged together against the threshold, so splitting one cannot dodge it.
 */
export async function unapprovedDayValues(
  db: Executor,
  siteId: string,
  items: readonly string[],
  date: string,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (items.length === 0) return out;
  const rows = await db
    .selectFrom('stock_adjustments as a')
    .select(['a.item', sql<number>`sum(a.value)`.as('v')])
    .where('a.site_id', '=', siteId)
    .where('a.item', 'in', [...new Set(items)])
    .where('a.adjustment_date', '=', date)
    .where('a.status', '=', 'applied')
    .where('a.decided_by', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('site_users as su')
            .select('su.id')
            .whereRef('su.user_id', '=', 'a.created_by')
            .where('su.site_id', '=', siteId)
            .where('su.role', '=', 'owner'),
        ),
      ),
    )
    .groupBy('a.item')
    .execute();
  for (const r of rows) out.set(r.item, Number(r.v));
  return out;
}
