import {
  rateFromStored,
  fromMilli,
  toMilli,
  type Item,
  type ItemCreate,
  type ItemListQuery,
  type ItemStats,
  type ItemUpdate,
  type Tag,
} from '@siteledger/domain';
import { nowIso } from '../../db/ids.js';
import type { AppContext } from '../../platform/context.js';
import { recordService } from '../../platform/record-service.js';
import * as repo from './items-repo.js';
import { apiFields, perUnitRupees } from '../../platform/record-shape.js';
import { linkTags, unlinkTags } from './tags-service.js';
import type { SiteScope } from '../../platform/scope.js';
import {
  catalogChanges,
  catalogColumns,
  catalogFigures,
  catalogRows,
  patchedRate,
} from './catalog-records.js';

export function toItem(row: repo.ItemWithFigures, tags: string[], expandTags?: Tag[]): Item {
  return {
    id: row.id,
    site: row.site_id,
    name: row.name,
    description: row.description,
    unit: row.unit,
    hsn_code: row.hsn_code,
    gst_rate: row.gst_rate === null ? null : rateFromStored(row.gst_rate),
    gst_rate_history: [],
    tags,
    stock_quantity: fromMilli(Number(row.on_hand_milli)),
    current_stock: fromMilli(Number(row.on_hand_milli)),
    min_stock_level: row.min_stock_level === null ? null : fromMilli(Number(row.min_stock_level)),
    total_delivered: fromMilli(row.delivered_milli),
    average_price: perUnitRupees(row.delivered_value, row.delivered_milli),
    created: row.created,
    updated: row.updated,
    ...(expandTags ? { expand: { tags: expandTags } } : {}),
  };
}

/** Shapes a page of item rows: their tag ids, and the tag records when `expand=tags`. */
export const toItems: (
  ctx: AppContext,
  siteId: string,
  rows: repo.ItemWithFigures[],
  expand: Set<string>,
) => Promise<Item[]> = catalogRows('item', toItem);

/** Items on the generic record service: counted by plans, tagged, rate history kept aside. */
export const items = recordService<
  repo.ItemWithFigures,
  Item,
  ItemCreate,
  ItemUpdate,
  ItemListQuery,
  Partial<repo.ItemRow>
>('items', {
  noun: 'Item',
  find: repo.findItem,
  // An item is its business's (issue 47): read under a site, it is that site's.
  shape: ({ ctx, siteId }, rows, expand) =>
    toItems(
      ctx,
      siteId,
      rows.map((row) => ({ ...row, site_id: siteId })),
      expand,
    ),
  list: {
    query: (db, query, { siteId }) => repo.itemsQuery(db, siteId, { tag: query.tag }),
    defaultSort: 'name',
  },
  create: {
    insert: async (trx, { siteId, userId }, input, id, now) => {
      await repo.insertItem(trx, {
        id,
        site_id: siteId,
        ...catalogColumns(input),
        hsn_code: input.hsn_code || null,
        min_stock_level: input.min_stock_level == null ? null : toMilli(input.min_stock_level),
        created_by: userId,
        created: now,
        updated: now,
      });
    },
    after: linkTags('item'),
  },
  update: {
    changes: async (trx, scope, existing, input) => {
      const changes: Partial<repo.ItemRow> = { updated: nowIso(), ...catalogChanges(input) };
      if (input.hsn_code !== undefined) changes.hsn_code = input.hsn_code || null;
      changes.gst_rate = await patchedRate(trx, scope, 'item', existing, input);
      if (input.min_stock_level !== undefined)
        changes.min_stock_level =
          input.min_stock_level === null ? null : toMilli(input.min_stock_level);
      return changes;
    },
    write: repo.updateItem,
    after: linkTags('item'),
  },
  remove: {
    // Delivered or quoted items are part of the books: those records must go first.
    inUse: { entity: 'item', check: repo.itemIsUsed },
    before: unlinkTags('item'),
    write: repo.deleteItem,
  },
});

export const getItem = items.get;
export const createItem = items.create;
export const updateItem = items.update;
export const deleteItem = items.remove;
export const listItems = items.list;

export async function itemStats(scope: SiteScope, id: string): Promise<ItemStats> {
  const { record, history, extremes, trend } = await catalogFigures(scope, id, 'Item', {
    find: repo.findItem,
    history: repo.deliveryHistory,
    range: repo.priceRange,
    trend: repo.priceTrend,
  });
  return {
    deliveries: history.map((line) => ({
      ...line,
      ...apiFields('delivery_items', line, ['quantity', 'unit_price', 'total_amount']),
    })),
    price: {
      ...extremes,
      average: perUnitRupees(record.delivered_value, record.delivered_milli),
    },
    trend: trend.map((point) => ({ date: point.date, unit_price: point.perUnit })),
  };
}
