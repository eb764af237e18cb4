import { siteCondition } from '../../db/site-scope.js';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { siteSetting } from '../../db/site-settings.js';
import { itemNameAndUnit } from '../../db/name-columns.js';

const IN_KINDS = sql`('delivery', 'transfer_in')`;

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Every item of the site with its ledger sums up to `asOf` (inclusive), aggregated in SQL in one
 * grouped pass over the site's movements (index stock_movements_site_item_date).
 */
export function onHandRows(
  db: Executor,
  siteId: string,
  filters: { asOf?: string | undefined; q?: string | undefined },
) {
  let sums = db
    .selectFrom('stock_movements')
    .select([
      'item',
      sql<number>`sum(quantity)`.as('q'),
      sql<number>`sum(value)`.as('v'),
      sql<number>`sum(case when kind in ${IN_KINDS} then quantity else 0 end)`.as('iq'),
      sql<number>`sum(case when kind in ${IN_KINDS} then value else 0 end)`.as('iv'),
    ])
    .where('site_id', '=', siteId)
    .groupBy('item');
  if (filters.asOf) sums = sums.where('movement_date', '<=', filters.asOf);
  let query = db
    .selectFrom('items as i')
    .leftJoin(sums.as('m'), 'm.item', 'i.id')
    .select([
      'i.id',
      'i.name',
      'i.unit',
      'i.min_stock_level',
      sql<number>`coalesce(m.q, 0)`.as('q'),
      sql<number>`coalesce(m.v, 0)`.as('v'),
      sql<number>`coalesce(m.iq, 0)`.as('iq'),
      sql<number>`coalesce(m.iv, 0)`.as('iv'),
    ])
    .where(siteCondition('items', 'i.site_id', siteId));
  const text = filters.q?.trim();
  if (text) query = query.where(sql<boolean>`lower(i.name) like ${likePattern(text)} escape '\\'`);
  return query.execute();
}

/**
 * Per item with movements up to `to`: opening (before `from`), what came in and went out within
 * the period (by sign, so a count that found more is in), in one grouped pass.
 */
export function statementRows(db: Executor, siteId: string, from: string, to: string) {
  const before = sql`movement_date < ${from}`;
  const within = sql`movement_date >= ${from}`;
  // Summed per item from the covering index first, then named: joining 5 000 items to 350 000
  // movements before grouping cost four times as much.
  const sums = db
    .selectFrom('stock_movements')
    .select([
      'item',
      sql<number>`sum(case when ${before} then quantity else 0 end)`.as('oq'),
      sql<number>`sum(case when ${before} then value else 0 end)`.as('ov'),
      sql<number>`sum(case when ${within} and quantity > 0 then quantity else 0 end)`.as('iq'),
      sql<number>`sum(case when ${within} and quantity > 0 then value else 0 end)`.as('iv'),
      sql<number>`sum(case when ${within} and quantity < 0 then -quantity else 0 end)`.as('xq'),
      sql<number>`sum(case when ${within} and quantity < 0 then -value else 0 end)`.as('xv'),
    ])
    .where('site_id', '=', siteId)
    .where('movement_date', '<=', to)
    .groupBy('item');
  return db
    .selectFrom(sums.as('m'))
    .innerJoin('items as i', 'i.id', 'm.item')
    .select(['m.item', 'i.name', 'i.unit', 'm.oq', 'm.ov', 'm.iq', 'm.iv', 'm.xq', 'm.xv'])
    .orderBy(sql`lower(i.name)`)
    .orderBy('m.item')
    .execute();
}

/** Consumption per item, or per work and item, with its value out of stock. */
export function consumptionRows(
  db: Executor,
  siteId: string,
  filters: { from?: string | undefined; to?: string | undefined; byWork: boolean },
) {
  let query = db
    .selectFrom('stock_consumptions as c')
    .innerJoin('items as i', 'i.id', 'c.item')
    .innerJoin('stock_movements as m', (join) =>
      join.onRef('m.source_id', '=', 'c.id').on('m.kind', '=', 'consumption'),
    )
    .select([
      'c.item',
      'i.name',
      'i.unit',
      filters.byWork ? 'c.used_for' : sql<string | null>`null`.as('used_for'),
      sql<number>`sum(c.quantity)`.as('q'),
      sql<number>`sum(-m.value)`.as('v'),
      sql<number>`count(*)`.as('n'),
    ])
    .where('c.site_id', '=', siteId)
    .groupBy(
      filters.byWork
        ? ['c.used_for', 'c.item', 'i.name', 'i.unit']
        : ['c.item', 'i.name', 'i.unit'],
    );
  if (filters.from) query = query.where('c.consumption_date', '>=', filters.from);
  if (filters.to) query = query.where('c.consumption_date', '<=', filters.to);
  return query.execute();
}

/** The ledger's rows with their item, for the movements list (subqueries keep the one table). */
export function movementsQuery(db: Executor) {
  return db
    .selectFrom('stock_movements')
    .selectAll('stock_movements')
    .select([...itemNameAndUnit('stock_movements')]);
}

export async function siteName(db: Executor, siteId: string): Promise<string> {
  return (await siteSetting(db, siteId, 'name')) ?? '';
}
