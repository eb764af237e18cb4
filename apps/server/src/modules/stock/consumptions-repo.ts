import type { Executor } from '../../db/executor.js';
import { itemNameAndUnit, userNameColumn } from '../../db/name-columns.js';
import { siteRowExists, siteRows } from '../../db/site-rows.js';
import type { StockConsumptionsTable } from '../../db/schema.js';

export type ConsumptionRow = StockConsumptionsTable;

/** Consumptions with their item and who recorded them (subqueries keep the list's one table). */
export function consumptionsQuery(db: Executor) {
  return db
    .selectFrom('stock_consumptions')
    .selectAll('stock_consumptions')
    .select((eb) => [
      ...itemNameAndUnit('stock_consumptions'),
      userNameColumn('stock_consumptions.created_by', 'created_by_name'),
      eb
        .selectFrom('stock_movements')
        .select((m) => m.fn.sum<number>('stock_movements.value').as('v'))
        .whereRef('stock_movements.source_id', '=', 'stock_consumptions.id')
        .as('movement_value'),
    ]);
}
export type ConsumptionWithNames = ConsumptionRow & {
  item_name: string | null;
  unit: string | null;
  created_by_name: string | null;
  movement_value: number | null;
};

export function findConsumption(db: Executor, siteId: string, id: string) {
  return consumptionsQuery(db)
    .where('stock_consumptions.site_id', '=', siteId)
    .where('stock_consumptions.id', '=', id)
    .executeTakeFirst() as Promise<ConsumptionWithNames | undefined>;
}

const rows = siteRows('stock_consumptions');
export const lockConsumption = rows.lock;
export const insertConsumption = rows.insert;
export const updateConsumption = rows.update;
export const deleteConsumption = rows.remove;

/** True when the site has the item (a record may name only its own site's items). */
export const itemOnSite = (db: Executor, siteId: string, item: string) =>
  siteRowExists(db, 'items', siteId, item);
