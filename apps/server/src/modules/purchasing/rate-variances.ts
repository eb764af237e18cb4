import {
  fromMilli,
  lineTotalPaise,
  type RateVariance,
  type RateVarianceListQuery,
} from '@siteledger/domain';
import { rupees } from '../../platform/record-shape.js';
import { sql } from 'kysely';
import { pageOf, type Page } from '../../platform/list.js';
import type { SiteScope } from '../../platform/scope.js';

/**
 * GET …/rate_variances: delivery lines received against a PO line at another unit price, newest
 * delivery first; filters vendor and purchase_order, from/to on the delivery date.
 */
export async function listRateVariances(
  scope: SiteScope,
  query: RateVarianceListQuery,
): Promise<Page<RateVariance>> {
  const { ctx, siteId } = scope;
  let base = ctx.db.kysely
    .selectFrom('delivery_items as dl')
    .innerJoin('purchase_order_lines as pol', 'pol.id', 'dl.purchase_order_line')
    .innerJoin('purchase_orders as po', 'po.id', 'pol.purchase_order')
    .innerJoin('deliveries as d', 'd.id', 'dl.delivery')
    .innerJoin('vendors as v', 'v.id', 'd.vendor')
    .innerJoin('items as i', 'i.id', 'dl.item')
    .where('dl.site_id', '=', siteId)
    .whereRef('dl.unit_price', '<>', 'pol.unit_price');
  if (query.vendor) base = base.where('d.vendor', '=', query.vendor);
  if (query.purchase_order) base = base.where('po.id', '=', query.purchase_order);
  if (query.from) base = base.where('d.delivery_date', '>=', query.from);
  if (query.to) base = base.where('d.delivery_date', '<=', query.to);
  const skipTotal = query.skipTotal === '1' || query.skipTotal === 'true';
  const total = skipTotal
    ? -1
    : Number((await base.select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await base
    .select([
      'dl.id as delivery_item',
      'dl.delivery',
      'd.delivery_date',
      'po.id as purchase_order',
      'po.number as purchase_order_number',
      'pol.id as purchase_order_line',
      'd.vendor',
      'v.name as vendor_name',
      'dl.item',
      'i.name as item_name',
      'i.unit',
      'dl.quantity',
      'pol.unit_price as po_unit_price',
      'dl.unit_price',
    ])
    .orderBy('d.delivery_date', 'desc')
    .orderBy('dl.id')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  return pageOf(
    query,
    total,
    rows.map((row) => {
      const difference = Number(row.unit_price) - Number(row.po_unit_price);
      const quantity = Number(row.quantity);
      const magnitude = lineTotalPaise(quantity, Math.abs(difference));
      return {
        delivery_item: row.delivery_item,
        delivery: row.delivery,
        delivery_date: row.delivery_date,
        purchase_order: row.purchase_order,
        purchase_order_number: row.purchase_order_number,
        purchase_order_line: row.purchase_order_line,
        vendor: row.vendor,
        vendor_name: row.vendor_name,
        item: row.item,
        item_name: row.item_name,
        unit: row.unit,
        quantity: fromMilli(quantity),
        ...rupees({
          po_unit_price: row.po_unit_price,
          unit_price: row.unit_price,
          difference,
          variance_amount: difference < 0 ? -magnitude : magnitude,
        }),
      };
    }),
  );
}
