import {
  fromMilli,
  toMilli,
  type StockConsumption,
  type StockConsumptionCreate,
  type StockConsumptionUpdate,
} from '@siteledger/domain';
import { rupees } from '../../platform/record-shape.js';
import { newId, nowIso } from '../../db/ids.js';
import { auditStart } from '../../platform/audit.js';
import { AppError, notFound } from '../../platform/errors.js';
import { parseFileList } from '../../platform/files.js';
import { createOnce } from '../../platform/create-once.js';
import { recordLister } from '../../platform/list-shaped.js';
import { removeOnce } from '../../platform/remove-once.js';
import type { SiteScope } from '../../platform/scope.js';
import { itemRecordHead, recordedBy } from './stock-shape.js';
import * as repo from './consumptions-repo.js';
import { deleteMovements } from './ledger-repo.js';
import { takeOut } from './ledger.js';
import { noticeLowStock } from './low-stock.js';
import { touchBudgets } from '../../platform/budget-touch.js';

function toConsumption(row: repo.ConsumptionWithNames): StockConsumption {
  return {
    ...itemRecordHead(row),
    quantity: fromMilli(Number(row.quantity)),
    consumption_date: row.consumption_date,
    used_for: row.used_for,
    notes: row.notes,
    photos: parseFileList(row.photos),
    ...rupees({ value: -Number(row.movement_value ?? 0) }),
    ...recordedBy(row),
  };
}

export async function getConsumption(scope: SiteScope, id: string): Promise<StockConsumption> {
  const row = await repo.findConsumption(scope.ctx.db.kysely, scope.siteId, id);
  if (!row) throw notFound('Stock consumption');
  return toConsumption(row);
}

function unknownItem(): AppError {
  return new AppError('VALIDATION_FAILED', {
    item: { code: 'invalid_reference', message: 'Unknown item' },
  });
}

/** The work as typed, trimmed; '' is no work. */
const work = (text: string | null | undefined) => text?.trim() || null;

export async function createConsumption(
  scope: SiteScope,
  input: StockConsumptionCreate,
  idempotencyKey: string | null = null,
): Promise<StockConsumption> {
  const { siteId, userId } = scope;
  const now = nowIso();
  const id = newId();
  // A phone's queued consumption sent twice is one consumption.
  const prior = await createOnce(scope, 'stock_consumptions', idempotencyKey, id, async (trx) => {
    if (!(await repo.itemOnSite(trx, siteId, input.item))) throw unknownItem();
    await repo.insertConsumption(trx, {
      id,
      site_id: siteId,
      item: input.item,
      quantity: toMilli(input.quantity),
      consumption_date: input.consumption_date,
      used_for: work(input.used_for),
      notes: input.notes || null,
      photos: '[]',
      created_by: userId,
      created: now,
      updated: now,
    });
    await takeOut(
      trx,
      siteId,
      [
        {
          item: input.item,
          quantity: toMilli(input.quantity),
          sourceLine: null,
          field: 'quantity',
        },
      ],
      { kind: 'consumption', date: input.consumption_date, sourceId: id, now },
    );
    await touchBudgets(trx, { siteId, items: [input.item] });
  });
  if (!prior) await noticeLowStock(scope, new Map([[input.item, toMilli(input.quantity)]]));
  return getConsumption(scope, prior ?? id);
}

/** A changed quantity, item or date takes the stock out again: the old movement goes first. */
export async function updateConsumption(
  scope: SiteScope,
  id: string,
  input: StockConsumptionUpdate,
): Promise<StockConsumption> {
  const { ctx, siteId } = scope;
  const now = nowIso();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await repo.lockConsumption(trx, siteId, id);
    if (!row) throw notFound('Stock consumption');
    if (input.item !== undefined && !(await repo.itemOnSite(trx, siteId, input.item))) {
      throw unknownItem();
    }
    const audit = await auditStart(trx, {
      entity: 'stock_consumptions',
      siteId,
      id,
      action: 'update',
    });
    const changes: Partial<repo.ConsumptionRow> = { updated: now };
    if (input.item !== undefined) changes.item = input.item;
    if (input.quantity !== undefined) changes.quantity = toMilli(input.quantity);
    if (input.consumption_date !== undefined) changes.consumption_date = input.consumption_date;
    if (input.used_for !== undefined) changes.used_for = work(input.used_for);
    if (input.notes !== undefined) changes.notes = input.notes || null;
    await repo.updateConsumption(trx, siteId, id, changes);
    const next = { ...row, ...changes };
    await deleteMovements(trx, siteId, [id], 'consumption');
    await takeOut(
      trx,
      siteId,
      [{ item: next.item, quantity: Number(next.quantity), sourceLine: null, field: 'quantity' }],
      { kind: 'consumption', date: next.consumption_date, sourceId: id, now },
    );
    await touchBudgets(trx, { siteId, items: [row.item, next.item] });
    await audit.finish();
  });
  return getConsumption(scope, id);
}

/** The stock goes back; the photos leave the disk once the row is gone. */
export async function deleteConsumption(scope: SiteScope, id: string): Promise<void> {
  const photos = await removeOnce(scope, 'stock_consumptions', id, {
    noun: 'Stock consumption',
    lock: repo.lockConsumption,
    remove: async (trx, row) => {
      await deleteMovements(trx, scope.siteId, [id], 'consumption');
      await repo.deleteConsumption(trx, scope.siteId, id);
      await touchBudgets(trx, { siteId: scope.siteId, items: [row.item] });
      return parseFileList(row.photos);
    },
  });
  await scope.ctx.files.removeMany(scope.siteId, photos);
}

export const listConsumptions = recordLister(
  'stock_consumptions',
  repo.consumptionsQuery,
  async (_db, _siteId, rows) => (rows as repo.ConsumptionWithNames[]).map(toConsumption),
);
