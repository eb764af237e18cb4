import {
  rateFromStored,
  rateToStored,
  fromMilli,
  toMilli,
  type Item,
  type ItemCreate,
  type ItemListQuery,
  type ItemStats,
  type ItemUpdate,
  type Tag,
} from '@siteledger/domain';
import { newId, nowIso } from '../../db/ids.js';
import { checkQuota, releaseQuota } from '../../platform/plan-limits.js';
import { paginate, type ListSpec, type Page } from '../../platform/list.js';
import { expandSet } from '../../platform/route-params.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import * as repo from './items-repo.js';
import { apiFields, perUnitRupees, rupees } from '../../platform/record-shape.js';
import { clearRecordTags, setRecordTags, withTags } from './tags-service.js';
import { auditCreated, auditStart } from '../../platform/audit.js';
import type { SiteScope } from '../../platform/scope.js';
import { businessToday } from '../../platform/business-time.js';
import { changeDefaultRate, withRateFields } from './gst-rate-periods.js';

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
export async function toItems(
  ctx: AppContext,
  siteId: string,
  rows: repo.ItemWithFigures[],
  expand: Set<string>,
): Promise<Item[]> {
  return withRateFields(
    ctx.db.kysely,
    siteId,
    'item',
    rows,
    withTags(ctx, 'item', siteId, rows, expand, toItem),
    businessToday(ctx.config.timezone),
  );
}

export async function getItem(
  scope: SiteScope,
  id: string,
  expand = new Set<string>(),
): Promise<Item> {
  const { ctx, siteId } = scope;
  const row = await repo.findItem(ctx.db.kysely, siteId, id);
  if (!row) throw notFound('Item');
  const [item] = await toItems(ctx, siteId, [row], expand);
  return item!;
}

export async function createItem(scope: SiteScope, input: ItemCreate): Promise<Item> {
  const { ctx, siteId, userId } = scope;
  const now = nowIso();
  const id = newId();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const slot = await checkQuota(trx, ctx, siteId, 'items', 1, scope.subscription);
    await repo.insertItem(trx, {
      id,
      site_id: siteId,
      name: input.name,
      description: input.description || null,
      unit: input.unit,
      hsn_code: input.hsn_code || null,
      gst_rate: input.gst_rate == null ? null : rateToStored(input.gst_rate),
      min_stock_level: input.min_stock_level == null ? null : toMilli(input.min_stock_level),
      created_by: userId,
      created: now,
      updated: now,
    });
    await auditCreated(trx, 'items', siteId, id);
    if (input.tags) await setRecordTags(trx, 'item', siteId, id, input.tags, userId);
    await slot.take();
  });
  return getItem(scope, id);
}

export async function updateItem(scope: SiteScope, id: string, input: ItemUpdate): Promise<Item> {
  const { ctx, siteId, userId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const existing = await repo.findItem(trx, siteId, id);
    if (!existing) throw notFound('Item');
    const changes: Partial<repo.ItemRow> = { updated: nowIso() };
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description || null;
    if (input.unit !== undefined) changes.unit = input.unit;
    if (input.hsn_code !== undefined) changes.hsn_code = input.hsn_code || null;
    changes.gst_rate = await changeDefaultRate(
      trx,
      { siteId, userId, subject: 'item', id, column: existing.gst_rate },
      { rate: input.gst_rate, from: input.gst_rate_effective_from },
      businessToday(ctx.config.timezone),
    );
    if (input.min_stock_level !== undefined)
      changes.min_stock_level =
        input.min_stock_level === null ? null : toMilli(input.min_stock_level);
    const audit = await auditStart(trx, { entity: 'items', siteId, id, action: 'update' });
    await repo.updateItem(trx, siteId, id, changes);
    await audit.finish();
    if (input.tags) await setRecordTags(trx, 'item', siteId, id, input.tags, userId);
  });
  return getItem(scope, id);
}

export async function deleteItem(scope: SiteScope, id: string): Promise<void> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const existing = await repo.findItem(trx, siteId, id);
    if (!existing) throw notFound('Item');
    // Delivered or quoted items are part of the books: those records must go first.
    if (await repo.itemIsUsed(trx, siteId, id))
      throw new AppError('RECORD_IN_USE', { entity: 'item' });
    await clearRecordTags(trx, 'item', id);
    const audit = await auditStart(trx, { entity: 'items', siteId, id, action: 'delete' });
    await repo.deleteItem(trx, siteId, id);
    await audit.finish();
    await releaseQuota(trx, siteId, 'items', existing.created);
  });
}

const LIST: ListSpec = {
  table: 'items',
  sortable: ['name', 'unit', 'created', 'updated'],
  defaultSort: 'name',
  filters: ['unit'],
  search: ['name', 'description'],
};

export async function listItems(scope: SiteScope, query: ItemListQuery): Promise<Page<Item>> {
  const { ctx, siteId } = scope;
  const page = await paginate(
    repo.itemsQuery(ctx.db.kysely, { tag: query.tag }),
    LIST,
    siteId,
    query,
    query,
    ctx.listTotals,
  );
  return { ...page, items: await toItems(ctx, siteId, page.items, expandSet(query.expand)) };
}

const HISTORY_LIMIT = 500;

export async function itemStats(scope: SiteScope, id: string): Promise<ItemStats> {
  const { ctx, siteId } = scope;
  const item = await repo.findItem(ctx.db.kysely, siteId, id);
  if (!item) throw notFound('Item');
  const [history, range, trend] = await Promise.all([
    repo.deliveryHistory(ctx.db.kysely, siteId, id, HISTORY_LIMIT),
    repo.priceRange(ctx.db.kysely, siteId, id),
    repo.priceTrend(ctx.db.kysely, siteId, id),
  ]);
  return {
    deliveries: history.map((line) => ({
      ...line,
      ...apiFields('delivery_items', line, ['quantity', 'unit_price', 'total_amount']),
    })),
    price: {
      ...rupees({ lowest: range.lowest ?? 0, highest: range.highest ?? 0 }),
      average: perUnitRupees(item.delivered_value, item.delivered_milli),
    },
    trend: trend.map((point) => ({
      date: point.date,
      unit_price: perUnitRupees(point.value, point.milli),
    })),
  };
}
