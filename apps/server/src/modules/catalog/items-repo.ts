import { siteCondition } from '../../db/site-scope.js';
import { sql } from 'kysely';
import type { ItemsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { anyRowWhere } from '../../db/site-rows.js';
import { siteRows } from '../../platform/record-service.js';
import { carriesTag } from './tags-repo.js';

export type ItemRow = ItemsTable;

/** Returns that count toward the returned quantity (spec part 4). */
const COUNTED_RETURN_STATUSES = sql`('approved', 'completed', 'refunded')`;

/**
 * Items with their computed figures on `siteId`: delivered quantity (thousandths) and value
 * (paise) over the site's delivery lines, returned quantity, stock on hand. An item is its
 * business's (issue 47): each site reads its own figures. Correlated subqueries keep a page of 30
 * items cheap.
 */
export function selectItemsWithFigures(db: Executor, siteId: string) {
  return db
    .selectFrom('items')
    .selectAll('items')
    .select([
      sql<number>`coalesce((select sum(di.quantity) from delivery_items di
      where di.site_id = ${siteId} and di.item = items.id), 0)`.as('delivered_milli'),
      sql<number>`coalesce((select sum(di.total_amount) from delivery_items di
      where di.site_id = ${siteId} and di.item = items.id), 0)`.as('delivered_value'),
      sql<number>`coalesce((select sum(ri.quantity_returned) from vendor_return_items ri
      join delivery_items di on di.id = ri.delivery_item
      join vendor_returns vr on vr.id = ri.vendor_return
      where di.site_id = ${siteId} and di.item = items.id
        and vr.status in ${COUNTED_RETURN_STATUSES}), 0)`.as('returned_milli'),
      // On hand: the Σ of the stock ledger (API.md "Site stock").
      sql<number>`coalesce((select sum(m.quantity) from stock_movements m
      where m.site_id = ${siteId} and m.item = items.id), 0)`.as('on_hand_milli'),
    ]);
}

/** The list query: items with figures, optionally only those carrying a tag. */
export function itemsQuery(db: Executor, siteId: string, filters: { tag?: string | undefined }) {
  let query = selectItemsWithFigures(db, siteId);
  if (filters.tag) query = query.where(carriesTag('item', filters.tag));
  return query;
}

export type ItemWithFigures = ItemRow & {
  delivered_milli: number;
  delivered_value: number;
  returned_milli: number;
  on_hand_milli: number;
};

export async function findItem(
  db: Executor,
  siteId: string,
  id: string,
): Promise<ItemWithFigures | undefined> {
  return selectItemsWithFigures(db, siteId)
    .where(siteCondition('items', 'items.site_id', siteId))
    .where('items.id', '=', id)
    .executeTakeFirst();
}

export const { insert: insertItem, update: updateItem, remove: deleteItem } = siteRows('items');

/**
 * True when delivery lines or quotations name the item (they must go before it can), or stock
 * moved or counted (consumption, transfers, counts) keeps it.
 */
export async function itemIsUsed(db: Executor, _siteId: string, id: string): Promise<boolean> {
  // On any site: an item is its business's (issue 47).
  const tables = ['delivery_items', 'quotations', 'stock_movements', 'stock_adjustments'] as const;
  for (const table of tables) {
    if (await anyRowWhere(db, table, 'item', id)) return true;
  }
  return false;
}

/** Delivery lines of an item with their delivery and vendor, newest first (at most `limit`). */
export function deliveryHistory(db: Executor, siteId: string, itemId: string, limit: number) {
  return db
    .selectFrom('delivery_items as di')
    .innerJoin('deliveries as d', 'd.id', 'di.delivery')
    .innerJoin('vendors as v', 'v.id', 'd.vendor')
    .select([
      'di.id',
      'di.delivery',
      'd.delivery_date',
      'd.delivery_reference',
      'd.vendor',
      'v.name as vendor_name',
      'di.quantity',
      'di.unit_price',
      'di.total_amount',
    ])
    .where('di.site_id', '=', siteId)
    .where('di.item', '=', itemId)
    .orderBy('d.delivery_date', 'desc')
    .orderBy('di.id', 'desc')
    .limit(limit)
    .execute();
}

/** Lowest and highest unit price (paise) over all of an item's delivery lines. */
export function priceRange(db: Executor, siteId: string, itemId: string) {
  return db
    .selectFrom('delivery_items')
    .select([
      sql<number | null>`min(unit_price)`.as('lowest'),
      sql<number | null>`max(unit_price)`.as('highest'),
    ])
    .where('site_id', '=', siteId)
    .where('item', '=', itemId)
    .executeTakeFirstOrThrow();
}

/** Average unit price per delivery date (paise per unit, weighted by quantity), oldest first. */
export function priceTrend(db: Executor, siteId: string, itemId: string) {
  return db
    .selectFrom('delivery_items as di')
    .innerJoin('deliveries as d', 'd.id', 'di.delivery')
    .select([
      'd.delivery_date as date',
      sql<number>`sum(di.total_amount)`.as('value'),
      sql<number>`sum(di.quantity)`.as('milli'),
    ])
    .where('di.site_id', '=', siteId)
    .where('di.item', '=', itemId)
    .groupBy('d.delivery_date')
    .orderBy('d.delivery_date', 'asc')
    .execute();
}
