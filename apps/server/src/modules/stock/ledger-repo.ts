import { siteCondition } from '../../db/site-scope.js';
import { sql } from 'kysely';
import { EMPTY_STOCK, type StockSums } from '@siteledger/domain';
import type { Executor } from '../../db/executor.js';
import { siteSetting } from '../../db/site-settings.js';
import { forNoKeyUpdate } from '../../db/locking.js';
import type { StockMovementsTable } from '../../db/schema.js';

export type MovementRow = StockMovementsTable;

const INSERT_CHUNK = 200;

/** Returns that count toward stock, as toward returnable quantities (spec part 4). */
export const COUNTED_RETURN_STATUSES = ['approved', 'completed', 'refunded'] as const;

/**
 * The ledger sums of some items on a site, up to `asOf` (inclusive) when given: aggregated in SQL,
 * never by loading movements. Items without movements get zeros.
 */
export async function sumsFor(
  db: Executor,
  siteId: string,
  items: readonly string[],
  asOf?: string,
): Promise<Map<string, StockSums>> {
  const out = new Map<string, StockSums>();
  if (items.length === 0) return out;
  let query = db
    .selectFrom('stock_movements')
    .select([
      'item',
      sql<number>`sum(quantity)`.as('q'),
      sql<number>`sum(value)`.as('v'),
      sql<number>`sum(case when kind in ('delivery', 'transfer_in') then quantity else 0 end)`.as(
        'iq',
      ),
      sql<number>`sum(case when kind in ('delivery', 'transfer_in') then value else 0 end)`.as(
        'iv',
      ),
    ])
    .where('site_id', '=', siteId)
    .where('item', 'in', [...new Set(items)])
    .groupBy('item');
  if (asOf) query = query.where('movement_date', '<=', asOf);
  for (const r of await query.execute()) {
    out.set(r.item, {
      quantity: Number(r.q),
      value: Number(r.v),
      inQuantity: Number(r.iq),
      inValue: Number(r.iv),
    });
  }
  for (const item of items) if (!out.has(item)) out.set(item, { ...EMPTY_STOCK });
  return out;
}

/**
 * Locks the items a write takes stock out of, in id order so two writers never wait on each other
 * crosswise: two consumptions racing for the last units run one after the other on PostgreSQL.
 * `FOR NO KEY UPDATE`: rows that reference the item (the consumption itself, inserted first) take
 * key-share locks that must not deadlock against it.
 */
export async function lockItems(
  db: Executor,
  siteId: string,
  items: readonly string[],
): Promise<{ id: string; name: string; unit: string }[]> {
  if (items.length === 0) return [];
  return forNoKeyUpdate(
    db,
    db
      .selectFrom('items')
      .select(['id', 'name', 'unit'])
      .where(siteCondition('items', 'items.site_id', siteId))
      .where('id', 'in', [...new Set(items)])
      .orderBy('id'),
  ).execute();
}

export async function insertMovements(db: Executor, rows: readonly MovementRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('stock_movements')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

/** What a write did to the ledger, movement by movement: the item, day and signed quantity. */
export interface MovementEffect {
  item: string;
  date: string;
  quantity: number;
}

const effects = (rows: { item: string; movement_date: string; quantity: number }[]) =>
  rows.map((r) => ({ item: r.item, date: r.movement_date, quantity: Number(r.quantity) }));

/**
 * Removes the movements some records made (of one kind when given); returns what they had done,
 * so the caller can judge the change (RETURNING: no second read).
 */
export async function deleteMovements(
  db: Executor,
  siteId: string,
  sourceIds: readonly string[],
  kind?: MovementRow['kind'],
): Promise<MovementEffect[]> {
  if (sourceIds.length === 0) return [];
  let query = db
    .deleteFrom('stock_movements')
    .where('site_id', '=', siteId)
    .where('source_id', 'in', [...sourceIds]);
  if (kind) query = query.where('kind', '=', kind);
  return effects(await query.returning(['item', 'movement_date', 'quantity']).execute());
}

/** Some items' movements summed per day, oldest first (each running balance's steps). */
export async function dailyQuantities(
  db: Executor,
  siteId: string,
  items: readonly string[],
): Promise<Map<string, { date: string; quantity: number }[]>> {
  const out = new Map<string, { date: string; quantity: number }[]>();
  for (const item of items) out.set(item, []);
  if (items.length === 0) return out;
  const rows = await db
    .selectFrom('stock_movements')
    .select(['item', 'movement_date', sql<number>`sum(quantity)`.as('q')])
    .where('site_id', '=', siteId)
    .where('item', 'in', [...new Set(items)])
    .groupBy(['item', 'movement_date'])
    .orderBy('item')
    .orderBy('movement_date')
    .execute();
  for (const r of rows) out.get(r.item)?.push({ date: r.movement_date, quantity: Number(r.q) });
  return out;
}

/**
 * Delivery lines as movements in: quantity at the taxable value, plus the GST when the bill was
 * recorded while the site carried input tax as cost. The movement takes the line's id, so a
 * re-sync replaces it. Returns what they add.
 */
export async function insertDeliveryMovements(
  db: Executor,
  siteId: string,
  deliveryIds: readonly string[],
): Promise<MovementEffect[]> {
  if (deliveryIds.length === 0) return [];
  const rows = await db
    .insertInto('stock_movements')
    .columns([
      'id',
      'site_id',
      'item',
      'movement_date',
      'kind',
      'quantity',
      'value',
      'source_id',
      'source_line',
      'created',
      'updated',
    ])
    .expression(
      db
        .selectFrom('delivery_items as di')
        .innerJoin('deliveries as d', 'd.id', 'di.delivery')
        .select([
          'di.id',
          'di.site_id',
          'di.item',
          'd.delivery_date',
          sql<string>`'delivery'`.as('kind'),
          'di.quantity',
          // The bill's own mode (issue 40): a later switch of the site's does not revalue it.
          sql<number>`di.total_amount + case when d.input_tax_mode = 'cost'
            then di.cgst_amount + di.sgst_amount + di.igst_amount else 0 end`.as('value'),
          'di.delivery',
          'di.id as line',
          'di.created',
          'di.updated',
        ])
        .where('di.site_id', '=', siteId)
        .where('di.delivery', 'in', [...deliveryIds]),
    )
    .returning(['item', 'movement_date', 'quantity'])
    .execute();
  return effects(rows);
}

/** The counted lines of some returns: what goes out, with its item and date. */
export function countedReturnLines(db: Executor, siteId: string, returnIds: readonly string[]) {
  return db
    .selectFrom('vendor_return_items as ri')
    .innerJoin('vendor_returns as vr', 'vr.id', 'ri.vendor_return')
    .innerJoin('delivery_items as di', 'di.id', 'ri.delivery_item')
    .select([
      'ri.id',
      'ri.vendor_return',
      'ri.quantity_returned',
      'ri.created',
      'di.item',
      'vr.return_date',
    ])
    .where('ri.site_id', '=', siteId)
    .where('ri.vendor_return', 'in', [...returnIds])
    .where('vr.status', 'in', [...COUNTED_RETURN_STATUSES])
    .orderBy('ri.id')
    .execute();
}

export async function allowsNegativeStock(db: Executor, siteId: string): Promise<boolean> {
  return Number((await siteSetting(db, siteId, 'allow_negative_stock')) ?? 0) === 1;
}
