import type { Executor } from '../../db/executor.js';
import { forUpdate } from '../../db/locking.js';
import type { StockConsumptionsTable } from '../../db/schema.js';

export type ConsumptionRow = StockConsumptionsTable;

/** Consumptions with their item and who recorded them (subqueries keep the list's one table). */
export function consumptionsQuery(db: Executor) {
  return db
    .selectFrom('stock_consumptions')
    .selectAll('stock_consumptions')
    .select((eb) => [
      eb
        .selectFrom('items')
        .select('items.name')
        .whereRef('items.id', '=', 'stock_consumptions.item')
        .as('item_name'),
      eb
        .selectFrom('items')
        .select('items.unit')
        .whereRef('items.id', '=', 'stock_consumptions.item')
        .as('unit'),
      eb
        .selectFrom('users')
        .select('users.name')
        .whereRef('users.id', '=', 'stock_consumptions.created_by')
        .as('created_by_name'),
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

export function lockConsumption(db: Executor, siteId: string, id: string) {
  return forUpdate(
    db,
    db
      .selectFrom('stock_consumptions')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('id', '=', id),
  ).executeTakeFirst();
}

export async function insertConsumption(db: Executor, row: ConsumptionRow): Promise<void> {
  await db.insertInto('stock_consumptions').values(row).execute();
}

export async function updateConsumption(
  db: Executor,
  siteId: string,
  id: string,
  changes: Partial<ConsumptionRow>,
): Promise<void> {
  await db
    .updateTable('stock_consumptions')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}

export async function deleteConsumption(db: Executor, siteId: string, id: string): Promise<void> {
  await db
    .deleteFrom('stock_consumptions')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}

/** True when the site has the item (a record may name only its own site's items). */
export async function itemOnSite(db: Executor, siteId: string, item: string): Promise<boolean> {
  const row = await db
    .selectFrom('items')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', '=', item)
    .executeTakeFirst();
  return row !== undefined;
}
