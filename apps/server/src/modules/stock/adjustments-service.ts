import {
  countNeedsApproval,
  outValue,
  toMilli,
  type StockAdjustment,
  type StockAdjustmentCreate,
  type StockAdjustmentDecision,
  type StockCountCreate,
  type StockCountResult,
  type StockSums,
} from '@siteledger/domain';
import { apiFields } from '../../platform/record-shape.js';
import { newId, nowIso } from '../../db/ids.js';
import type { Executor } from '../../db/executor.js';
import { auditCreated, auditStart } from '../../platform/audit.js';
import { AppError, notFound, ownerOnly } from '../../platform/errors.js';
import { recordLister } from '../../platform/list-shaped.js';
import { removeOnce } from '../../platform/remove-once.js';
import type { SiteScope } from '../../platform/scope.js';
import { itemRecordHead, recordedBy } from './stock-shape.js';
import * as repo from './adjustments-repo.js';
import { deleteMovements, insertMovements, lockItems, sumsFor } from './ledger-repo.js';
import { checkMovementValue, guardRunningBalance } from './ledger.js';
import { noticeLowStock } from './low-stock.js';

function toAdjustment(row: repo.AdjustmentWithNames): StockAdjustment {
  return {
    ...itemRecordHead(row),
    ...apiFields('stock_adjustments', row, [
      'counted_quantity',
      'previous_quantity',
      'difference',
      'value',
    ]),
    adjustment_date: row.adjustment_date,
    reason: row.reason,
    status: row.status,
    stock_count: row.stock_count,
    decided_by: row.decided_by,
    decided_at: row.decided_at,
    decision_notes: row.decision_notes,
    ...recordedBy(row),
  };
}

async function readAdjustments(scope: SiteScope, ids: string[]): Promise<StockAdjustment[]> {
  const rows = await repo.findAdjustments(scope.ctx.db.kysely, scope.siteId, ids);
  return rows.map(toAdjustment);
}

export async function getAdjustment(scope: SiteScope, id: string): Promise<StockAdjustment> {
  const [one] = await readAdjustments(scope, [id]);
  if (!one) throw notFound('Stock adjustment');
  return one;
}

/** counted − on hand, and its value at the average (paise, signed; 400 on `field` beyond the books). */
function differenceOf(
  s: StockSums,
  counted: number,
  field: string,
): { difference: number; value: number } {
  const difference = counted - s.quantity;
  const value = difference < 0 ? -outValue(s, -difference) : outValue(s, difference);
  return { difference, value: checkMovementValue(value, field) };
}

/** Puts an applied count into the ledger: on hand becomes the counted quantity. */
async function applyToLedger(db: Executor, row: repo.AdjustmentRow, now: string): Promise<void> {
  if (row.difference === 0) return;
  await insertMovements(db, [
    {
      id: newId(),
      site_id: row.site_id,
      item: row.item,
      movement_date: row.adjustment_date,
      kind: 'adjustment',
      quantity: row.difference,
      value: row.value,
      source_id: row.id,
      source_line: null,
      created: now,
      updated: now,
    },
  ]);
}

/** What an applied count does to the ledger. */
const effectOf = (row: repo.AdjustmentRow) => ({
  item: row.item,
  date: row.adjustment_date,
  quantity: Number(row.difference),
});

interface CountLine {
  item: string;
  counted: number;
}

/**
 * Records counted quantities in one transaction: items locked in id order, each difference taken
 * from on hand now, applied at once unless a supervisor's count is worth more than the site's
 * threshold (then it waits for an owner). Unknown items are 400 on their line.
 */
async function recordCounts(
  scope: SiteScope,
  lines: readonly CountLine[],
  meta: {
    date: string;
    reason: string;
    count: string | null;
    field: (i: number) => string;
    quantityField: (i: number) => string;
  },
): Promise<{ ids: string[]; taken: Map<string, number> }> {
  const { ctx, siteId, userId } = scope;
  const now = nowIso();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const known = await repo.itemsOnSite(
      trx,
      siteId,
      lines.map((l) => l.item),
    );
    const bad: Record<string, unknown> = {};
    lines.forEach((line, i) => {
      if (!known.has(line.item))
        bad[meta.field(i)] = { code: 'invalid_reference', message: 'Unknown item' };
    });
    if (Object.keys(bad).length > 0) throw new AppError('VALIDATION_FAILED', bad);
    await lockItems(
      trx,
      siteId,
      lines.map((l) => l.item),
    );
    const sums = await sumsFor(
      trx,
      siteId,
      lines.map((l) => l.item),
    );
    const threshold = await repo.countThreshold(trx, siteId);
    const byOwner = scope.role === 'owner';
    // Judged with what the day's other counts of the item already moved unapproved.
    const sameDay = byOwner
      ? new Map<string, number>()
      : await repo.unapprovedDayValues(
          trx,
          siteId,
          lines.map((l) => l.item),
          meta.date,
        );
    const ids = lines.map(() => newId()).sort();
    const taken = new Map<string, number>();
    const rows = lines.map((line, i): repo.AdjustmentRow => {
      const s = sums.get(line.item)!;
      const { difference, value } = differenceOf(s, line.counted, meta.quantityField(i));
      const dayValue = (sameDay.get(line.item) ?? 0) + value;
      const waits = countNeedsApproval(dayValue, threshold, byOwner);
      if (!waits) taken.set(line.item, -difference);
      return {
        id: ids[i]!,
        site_id: siteId,
        item: line.item,
        counted_quantity: line.counted,
        previous_quantity: s.quantity,
        difference,
        value,
        adjustment_date: meta.date,
        reason: meta.reason.trim(),
        status: waits ? 'pending' : 'applied',
        stock_count: meta.count,
        decided_by: null,
        decided_at: null,
        decision_notes: null,
        created_by: userId,
        created: now,
        updated: now,
      };
    });
    await repo.insertAdjustments(trx, rows);
    for (const row of rows) {
      if (row.status === 'applied') await applyToLedger(trx, row, now);
      await auditCreated(trx, 'stock_adjustments', siteId, row.id);
    }
    // A backdated count is set against today's stock: no earlier day may go below zero for it.
    await guardRunningBalance(
      trx,
      siteId,
      [],
      rows.filter((r) => r.status === 'applied').map(effectOf),
    );
    return { ids, taken };
  });
}

export async function createAdjustment(
  scope: SiteScope,
  input: StockAdjustmentCreate,
): Promise<StockAdjustment> {
  const { ids, taken } = await recordCounts(
    scope,
    [{ item: input.item, counted: toMilli(input.counted_quantity) }],
    {
      date: input.adjustment_date,
      reason: input.reason,
      count: null,
      field: () => 'item',
      quantityField: () => 'counted_quantity',
    },
  );
  await noticeLowStock(scope, taken);
  return getAdjustment(scope, ids[0]!);
}

/** POST …/stock_counts: a physical count of several items, one adjustment each. */
export async function createCount(
  scope: SiteScope,
  input: StockCountCreate,
): Promise<StockCountResult> {
  const { ids, taken } = await recordCounts(
    scope,
    input.lines.map((l) => ({ item: l.item, counted: toMilli(l.counted_quantity) })),
    {
      date: input.count_date,
      reason: input.reason,
      count: newId(),
      field: (i) => `lines.${i}.item`,
      quantityField: (i) => `lines.${i}.counted_quantity`,
    },
  );
  await noticeLowStock(scope, taken);
  return { adjustments: await readAdjustments(scope, ids) };
}

/**
 * An owner decides a count that waited: approved, on hand becomes the counted quantity (the
 * difference taken again from on hand now); rejected, nothing moves.
 */
export async function decideAdjustment(
  scope: SiteScope,
  id: string,
  decision: 'approve' | 'reject',
  input: StockAdjustmentDecision,
): Promise<StockAdjustment> {
  const { ctx, siteId, userId } = scope;
  if (scope.role !== 'owner') throw ownerOnly(`${decision} stock counts`);
  const now = nowIso();
  const taken = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await repo.lockAdjustment(trx, siteId, id);
    if (!row) throw notFound('Stock adjustment');
    if (row.status !== 'pending') throw new AppError('INVALID_STATUS', { status: row.status });
    const audit = await auditStart(trx, {
      entity: 'stock_adjustments',
      siteId,
      id,
      action: 'update',
    });
    const decided = {
      decided_by: userId,
      decided_at: now,
      decision_notes: input.notes || null,
      updated: now,
    };
    const out = new Map<string, number>();
    if (decision === 'reject') {
      await repo.updateAdjustment(trx, siteId, id, { ...decided, status: 'rejected' });
    } else {
      await lockItems(trx, siteId, [row.item]);
      const s = (await sumsFor(trx, siteId, [row.item])).get(row.item)!;
      const { difference, value } = differenceOf(
        s,
        Number(row.counted_quantity),
        'counted_quantity',
      );
      const applied: repo.AdjustmentRow = {
        ...row,
        ...decided,
        status: 'applied',
        previous_quantity: s.quantity,
        difference,
        value,
      };
      await repo.updateAdjustment(trx, siteId, id, applied);
      await applyToLedger(trx, applied, now);
      await guardRunningBalance(trx, siteId, [], [effectOf(applied)]);
      out.set(row.item, -difference);
    }
    await audit.finish();
    return out;
  });
  await noticeLowStock(scope, taken);
  return getAdjustment(scope, id);
}

/** An owner removes a count: what it changed goes back. */
export async function deleteAdjustment(scope: SiteScope, id: string): Promise<void> {
  await removeOnce(scope, 'stock_adjustments', id, {
    noun: 'Stock adjustment',
    lock: repo.lockAdjustment,
    remove: async (trx) => {
      const removed = await deleteMovements(trx, scope.siteId, [id], 'adjustment');
      await repo.deleteAdjustment(trx, scope.siteId, id);
      // A count that found more, once used, cannot be taken back below zero.
      await guardRunningBalance(trx, scope.siteId, removed, []);
    },
  });
}

export const listAdjustments = recordLister(
  'stock_adjustments',
  repo.adjustmentsQuery,
  async (_db, _siteId, rows) => (rows as repo.AdjustmentWithNames[]).map(toAdjustment),
);
