import {
  fromMilli,
  hasPermission,
  isRole,
  toMilli,
  type StockTransfer,
  type StockTransferCreate,
  type StockTransferListQuery,
  type StockTransferReceive,
} from '@siteledger/domain';
import { apiFields, rupees } from '../../platform/record-shape.js';
import type { Transaction } from 'kysely';
import { newId, nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { auditCreated, auditStart } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-time.js';
import { AppError, notFound, ownerOnly, permissionDenied } from '../../platform/errors.js';
import { createOnce } from '../../platform/create-once.js';
import { pageOf, type Page } from '../../platform/list.js';
import { assertWritable, checkQuota } from '../../platform/plan-limits.js';
import { removeOnce } from '../../platform/remove-once.js';
import type { SiteScope } from '../../platform/scope.js';
import { insertItem } from '../catalog/items-repo.js';
import { memberRole } from '../deliveries/deliveries-repo.js';
import { deleteMovements, insertMovements } from './ledger-repo.js';
import { takeOut } from './ledger.js';
import { noticeLowStock } from './low-stock.js';
import * as repo from './transfers-repo.js';

function shape(
  siteId: string,
  row: repo.TransferWithNames,
  lines: repo.TransferLineWithItem[],
): StockTransfer {
  return {
    id: row.id,
    site: row.site_id,
    site_name: row.site_name,
    to_site: row.to_site,
    to_site_name: row.to_site_name ?? '',
    direction: row.site_id === siteId ? 'out' : 'in',
    status: row.status,
    transfer_date: row.transfer_date,
    received_date: row.received_date,
    notes: row.notes,
    ...rupees({ total_value: lines.reduce((sum, l) => sum + Number(l.value), 0) }),
    lines: lines.map((l) => ({
      id: l.id,
      item: l.item,
      item_name: l.item_name,
      unit: l.unit,
      ...apiFields('stock_transfer_lines', l, ['quantity', 'value']),
      received_quantity:
        l.received_quantity === null ? null : fromMilli(Number(l.received_quantity)),
      received_item: l.received_item,
      shortfall_quantity:
        l.received_quantity === null
          ? null
          : fromMilli(Number(l.quantity) - Number(l.received_quantity)),
    })),
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    received_by: row.received_by,
    received_by_name: row.received_by_name,
    created: row.created,
    updated: row.updated,
  };
}

async function shapeAll(
  scope: SiteScope,
  rows: repo.TransferWithNames[],
): Promise<StockTransfer[]> {
  const lines = await repo.linesOf(
    scope.ctx.db.kysely,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    shape(
      scope.siteId,
      row,
      lines.filter((l) => l.stock_transfer === row.id),
    ),
  );
}

export async function getTransfer(scope: SiteScope, id: string): Promise<StockTransfer> {
  const row = await repo.findTransfer(scope.ctx.db.kysely, scope.siteId, id);
  if (!row) throw notFound('Stock transfer');
  const [one] = await shapeAll(scope, [row]);
  return one!;
}

/**
 * The receiving site must take records from the caller as the sending one does: an active member
 * who may create, two-step sign-in where that site requires it, and a subscription that writes.
 * Otherwise 403, before anything is written.
 */
async function assertMayReceive(
  trx: Transaction<Database>,
  scope: SiteScope,
  toSite: string,
): Promise<void> {
  if (toSite === scope.siteId) {
    throw new AppError('VALIDATION_FAILED', {
      to_site: { code: 'invalid_reference', message: 'Choose another site to send stock to' },
    });
  }
  const member = await memberRole(trx, toSite, scope.userId);
  if (!member || !isRole(member.role)) throw new AppError('ACCESS_DENIED');
  if (member.twoStepMissing) throw new AppError('TWO_STEP_REQUIRED_BY_SITE');
  if (!hasPermission(member.role, 'canCreate')) throw permissionDenied('create', 'stock transfers');
  await assertWritable(trx, toSite);
}

/** Sent: the stock leaves the sending site at once, at its moving average. */
export async function createTransfer(
  scope: SiteScope,
  input: StockTransferCreate,
  idempotencyKey: string | null = null,
): Promise<StockTransfer> {
  const { ctx, siteId, userId } = scope;
  const now = nowIso();
  const id = newId();
  const prior = await createOnce(scope, 'stock_transfers', idempotencyKey, id, async (trx) => {
    await assertMayReceive(trx, scope, input.to_site);
    const known = await repo.itemsOnSite(
      trx,
      siteId,
      input.lines.map((l) => l.item),
    );
    const bad: Record<string, unknown> = {};
    input.lines.forEach((line, i) => {
      if (!known.has(line.item))
        bad[`lines.${i}.item`] = { code: 'invalid_reference', message: 'Unknown item' };
    });
    if (Object.keys(bad).length > 0) throw new AppError('VALIDATION_FAILED', bad);
    await repo.insertTransfer(trx, {
      id,
      site_id: siteId,
      to_site: input.to_site,
      status: 'sent',
      transfer_date: input.transfer_date,
      received_date: null,
      received_by: null,
      notes: input.notes || null,
      created_by: userId,
      created: now,
      updated: now,
    });
    const lineIds = input.lines.map(() => newId()).sort();
    const values = await takeOut(
      trx,
      siteId,
      input.lines.map((line, i) => ({
        item: line.item,
        quantity: toMilli(line.quantity),
        sourceLine: lineIds[i]!,
        field: `lines.${i}.quantity`,
      })),
      { kind: 'transfer_out', date: input.transfer_date, sourceId: id, now },
    );
    await repo.insertLines(
      trx,
      input.lines.map((line, i) => ({
        id: lineIds[i]!,
        site_id: siteId,
        stock_transfer: id,
        item: line.item,
        quantity: toMilli(line.quantity),
        value: values[i]!,
        received_quantity: null,
        received_item: null,
        received_value: null,
        created_by: userId,
        created: now,
        updated: now,
      })),
    );
  });
  if (!prior) {
    // The receiving site's screens hear of it too (the write's own site hears from its route),
    // as stock on its way to them (step `incoming`), so its people are told to expect it.
    ctx.siteChanges.changed(input.to_site);
    ctx.events.publish(input.to_site, {
      collection: 'stock_transfers',
      action: 'create',
      id,
      user: userId,
      step: 'incoming',
    });
    const taken = new Map<string, number>();
    for (const l of input.lines) taken.set(l.item, (taken.get(l.item) ?? 0) + toMilli(l.quantity));
    await noticeLowStock(scope, taken);
  }
  return getTransfer(scope, prior ?? id);
}

/** The item a received line enters as: the one named, else the same name and unit, else new. */
async function receivingItem(
  trx: Transaction<Database>,
  scope: SiteScope,
  wanted: string | null | undefined,
  source: {
    id: string;
    name: string;
    unit: string;
    description: string | null;
    hsn_code: string | null;
    gst_rate: number | null;
  },
  byName: Map<string, string>,
  field: string,
  now: string,
): Promise<string> {
  const { ctx, siteId, userId } = scope;
  if (wanted) {
    const known = await repo.itemsOnSite(trx, siteId, [wanted]);
    const found = known.get(wanted);
    if (!found || found.unit !== source.unit) {
      throw new AppError('VALIDATION_FAILED', {
        [field]: {
          code: 'invalid_reference',
          message: `Choose an item of this site measured in ${source.unit}`,
        },
      });
    }
    return wanted;
  }
  // Between two sites of one business the item is both sites' (issue 47): it arrives as itself.
  if ((await repo.itemsOnSite(trx, siteId, [source.id])).has(source.id)) return source.id;
  const key = `${source.name.trim().toLowerCase()}\n${source.unit}`;
  const existing = byName.get(key);
  if (existing) return existing;
  const slot = await checkQuota(trx, ctx, siteId, 'items', 1, scope.subscription);
  const id = newId();
  await insertItem(trx, {
    id,
    site_id: siteId,
    name: source.name,
    description: source.description,
    unit: source.unit,
    hsn_code: source.hsn_code,
    gst_rate: source.gst_rate,
    min_stock_level: null,
    created_by: userId,
    created: now,
    updated: now,
  });
  await auditCreated(trx, 'items', siteId, id);
  await slot.take();
  byName.set(key, id);
  return id;
}

/**
 * The receiving site confirms what arrived: each line enters its stock at the value it left the
 * sending site with (in proportion when less arrived); the shortfall enters neither site.
 */
export async function receiveTransfer(
  scope: SiteScope,
  id: string,
  input: StockTransferReceive,
): Promise<StockTransfer> {
  const { ctx, siteId, userId } = scope;
  const now = nowIso();
  const from = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await repo.lockTransfer(trx, siteId, id);
    if (!row) throw notFound('Stock transfer');
    if (row.to_site !== siteId) {
      throw new AppError('VALIDATION_FAILED', {
        id: { code: 'wrong_site', message: 'Only the receiving site confirms a transfer' },
      });
    }
    if (row.status !== 'sent') throw new AppError('INVALID_STATUS', { status: row.status });
    const lines = await repo.linesOf(trx, [id]);
    const given = new Map(input.lines.map((l, i) => [l.id, { ...l, index: i }]));
    const bad: Record<string, unknown> = {};
    for (const [lineId, l] of given) {
      const line = lines.find((x) => x.id === lineId);
      if (!line)
        bad[`lines.${l.index}.id`] = { code: 'invalid_reference', message: 'Unknown line' };
      else if (toMilli(l.received_quantity) > Number(line.quantity)) {
        bad[`lines.${l.index}.received_quantity`] = {
          code: 'too_big',
          message: `At most ${fromMilli(Number(line.quantity))} was sent`,
        };
      }
    }
    if (Object.keys(bad).length > 0) throw new AppError('VALIDATION_FAILED', bad);
    const audit = await auditStart(trx, {
      entity: 'stock_transfers',
      siteId: row.site_id,
      id,
      action: 'update',
    });
    const date = input.received_date ?? businessToday(ctx.config.timezone);
    const sources = new Map(
      (
        await repo.sourceItems(
          trx,
          lines.map((l) => l.item),
        )
      ).map((s) => [s.id, s]),
    );
    const byName = await repo.itemsByNameAndUnit(trx, siteId);
    const movements = [];
    for (const line of lines) {
      const l = given.get(line.id);
      const sent = Number(line.quantity);
      const received = l ? toMilli(l.received_quantity) : sent;
      const value =
        received === sent ? Number(line.value) : Math.round((Number(line.value) * received) / sent);
      const field = `lines.${l?.index ?? 0}.item`;
      const item = await receivingItem(
        trx,
        scope,
        l?.item,
        sources.get(line.item)!,
        byName,
        field,
        now,
      );
      await repo.updateLine(trx, line.id, {
        received_quantity: received,
        received_item: item,
        received_value: value,
        updated: now,
      });
      if (received > 0) {
        movements.push({
          id: newId(),
          site_id: siteId,
          item,
          movement_date: date,
          kind: 'transfer_in' as const,
          quantity: received,
          value,
          source_id: id,
          source_line: line.id,
          created: now,
          updated: now,
        });
      }
    }
    await insertMovements(trx, movements);
    await repo.updateTransfer(trx, id, {
      status: 'received',
      received_date: date,
      received_by: userId,
      updated: now,
    });
    await audit.finish();
    return row.site_id;
  });
  ctx.siteChanges.changed(from);
  ctx.events.publish(from, {
    collection: 'stock_transfers',
    action: 'update',
    id,
    user: userId,
    step: 'receive',
  });
  return getTransfer(scope, id);
}

/** The sending site's owner takes back a transfer not yet received: its stock returns. */
export async function deleteTransfer(scope: SiteScope, id: string): Promise<void> {
  const { ctx, siteId, userId } = scope;
  const toSite = await removeOnce(scope, 'stock_transfers', id, {
    noun: 'Stock transfer',
    lock: repo.lockTransfer,
    check: (_trx, row) => {
      if (row.site_id !== siteId) throw ownerOnly('delete stock transfers of the sending site');
      if (row.status !== 'sent') throw new AppError('INVALID_STATUS', { status: row.status });
    },
    remove: async (trx, row) => {
      await deleteMovements(trx, siteId, [id], 'transfer_out');
      await repo.deleteTransfer(trx, id);
      return row.to_site;
    },
  });
  if (!toSite) return;
  ctx.siteChanges.changed(toSite);
  ctx.events.publish(toSite, { collection: 'stock_transfers', action: 'delete', id, user: userId });
}

/** Both directions, newest first; `direction` and `status` narrow it. Not cached: two sites write it. */
export async function listTransfers(
  scope: SiteScope,
  query: StockTransferListQuery,
): Promise<Page<StockTransfer>> {
  const { ctx, siteId } = scope;
  const filter = (q: ReturnType<typeof repo.transfersQuery>) => {
    let out = q;
    if (query.direction === 'out') out = out.where('t.site_id', '=', siteId);
    if (query.direction === 'in') out = out.where('t.to_site', '=', siteId);
    if (query.status) out = out.where('t.status', '=', query.status);
    if (query.from) out = out.where('t.transfer_date', '>=', query.from);
    if (query.to) out = out.where('t.transfer_date', '<=', query.to);
    const text = query.q?.trim().toLowerCase();
    if (text) out = out.where((eb) => eb(eb.fn('lower', ['t.notes']), 'like', `%${text}%`));
    return out;
  };
  const skip = query.skipTotal === '1' || query.skipTotal === 'true';
  const totalItems = skip ? -1 : await repo.countTransfers(ctx.db.kysely, siteId, filter);
  const rows = (await filter(repo.transfersQuery(ctx.db.kysely, siteId))
    .orderBy('t.transfer_date', 'desc')
    .orderBy('t.id', 'desc')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute()) as repo.TransferWithNames[];
  return pageOf(query, totalItems, await shapeAll(scope, rows));
}
