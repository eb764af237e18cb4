import {
  availableMilli,
  fromMilli,
  type Returnable,
  type ReturnableItem,
  type ReturnableItemListQuery,
} from '@siteledger/domain';
import { notFound } from '../../platform/errors.js';
import { paginate, type ListSpec, type Page } from '../../platform/list.js';
import { findDeliveryItem } from '../deliveries/deliveries-repo.js';
import { shapeLines } from '../deliveries/deliveries-shape.js';
import * as repo from './returns-repo.js';
import type { SiteScope } from '../../platform/scope.js';

function quantities(id: string, deliveredMilli: number, returnedMilli: number): Returnable {
  return {
    delivery_item: id,
    delivered: fromMilli(deliveredMilli),
    returned: fromMilli(returnedMilli),
    available: fromMilli(availableMilli(deliveredMilli, returnedMilli)),
  };
}

/** delivered, returned (returns approved, completed or refunded) and available of one line. */
export async function returnable(scope: SiteScope, id: string): Promise<Returnable> {
  const { ctx, siteId } = scope;
  const line = await findDeliveryItem(ctx.db.kysely, siteId, id);
  if (!line) throw notFound('Delivery item');
  const returned = await repo.returnedMilli(ctx.db.kysely, siteId, [id]);
  return quantities(id, line.quantity, returned.get(id) ?? 0);
}

const LIST: ListSpec = {
  table: 'delivery_items',
  sortable: ['created', 'quantity', 'unit_price', 'total_amount'],
  defaultSort: '-created',
  filters: ['delivery', 'item'],
};

/** A vendor's delivery lines that can still be returned, newest first, with their quantities. */
export async function listReturnableItems(
  scope: SiteScope,
  query: ReturnableItemListQuery,
): Promise<Page<ReturnableItem>> {
  const { ctx, siteId } = scope;
  const db = ctx.db.kysely;
  const page = await paginate(
    repo.returnableLinesQuery(db, query.vendor),
    LIST,
    siteId,
    query,
    query,
    ctx.listTotals,
  );
  const lines = await shapeLines(db, siteId, page.items, { item: true, delivery: true });
  return {
    ...page,
    items: page.items.map((row, i) => ({
      ...quantities(row.id, row.quantity, Number(row.returned_milli)),
      line: lines[i]!,
    })),
  };
}
