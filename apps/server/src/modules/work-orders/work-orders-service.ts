import {
  financialYear,
  lineTotalPaise,
  rateToStored,
  toMilli,
  toPaise,
  WORK_ORDER_STATUSES,
  type WorkOrder,
  type WorkOrderCreate,
  type WorkOrderListQuery,
  type WorkOrderStatus,
  type WorkOrderUpdate,
  type WorkOrderVariationCreate,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { newId, nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { checkBudgetLineRef, checkVendorRef, vendorRefs } from '../../db/site-refs.js';
import { creditSection } from '../../db/tds-columns.js';
import { auditStart } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-time.js';
import { createOnce } from '../../platform/create-once.js';
import { AppError, notFound, ownerOnly } from '../../platform/errors.js';
import { refsIf } from '../../platform/expand-refs.js';
import { loadTaxPlace, lineHeads } from '../../platform/gst-profile.js';
import type { Page } from '../../platform/list.js';
import { listShaped, shapeOne, type ShapeRows } from '../../platform/list-shaped.js';
import { listSpecOf } from '../../platform/list-spec.js';
import { apiFields, rupees } from '../../platform/record-shape.js';
import { removeOnce } from '../../platform/remove-once.js';
import type { SiteScope } from '../../platform/scope.js';
import * as repo from './work-orders-repo.js';
import {
  orderCheck,
  shownWarning,
  touchBudgets,
  workOrderBudget,
} from '../../platform/budget-touch.js';
import type { BudgetWarning } from '../../platform/tx-events.js';

type Trx = Transaction<Database>;

/** `WO/2026-27/0001`: per site and financial year, consecutive from 1 (API.md). */
export function workOrderNumber(year: string, sequence: number): string {
  return `WO/${year}/${String(sequence).padStart(4, '0')}`;
}

function invalid(field: string, message: string, code = 'invalid'): AppError {
  return new AppError('VALIDATION_FAILED', { [field]: { code, message } });
}

/** Shapes orders with their lines, variations and money figures (one query each per page). */
export async function shapeOrders(
  db: Trx | SiteScope['ctx']['db']['kysely'],
  siteId: string,
  rows: readonly repo.OrderRow[],
  expand: Set<string>,
): Promise<WorkOrder[]> {
  const ids = rows.map((r) => r.id);
  const [lines, variations, money, vendors] = await Promise.all([
    repo.linesOf(db, ids),
    repo.variationsOf(db, ids),
    repo.moneyOf(db, ids),
    refsIf(expand.has('vendor'), () =>
      vendorRefs(
        db,
        siteId,
        rows.map((r) => r.vendor),
      ),
    ),
  ]);
  const lineById = new Map(lines.map((l) => [l.id, l]));
  return rows.map((row) => {
    const m = money.get(row.id)!;
    const vendor = vendors?.get(row.vendor);
    return {
      id: row.id,
      site: row.site_id,
      vendor: row.vendor,
      title: row.title,
      number: row.number,
      status: row.status,
      order_date: row.order_date,
      terms: row.terms,
      notes: row.notes,
      ...apiFields('work_orders', row, ['retention_percent']),
      retention_due_days: row.retention_due_days,
      ...apiFields('work_orders', row, ['advance_amount', 'advance_recovery_percent', 'gst_rate']),
      place_of_supply: row.place_of_supply,
      tds_section: row.tds_section as WorkOrder['tds_section'],
      ...apiFields('work_orders', row, ['total_amount']),
      ...rupees({
        billed_amount: m.billed_amount,
        advance_paid: m.advance_paid,
        advance_recovered: m.advance_recovered,
        retention_held: m.retention_held - m.retention_released,
        retention_released: m.retention_released,
      }),
      retention_due_date: row.retention_due_date,
      lines: lines
        .filter((l) => l.work_order === row.id)
        .map((l) => ({
          id: l.id,
          description: l.description,
          unit: l.unit,
          ...apiFields('work_order_lines', l, ['quantity', 'rate', 'amount', 'billed_quantity']),
          budget_line: l.budget_line,
        })),
      variations: variations
        .filter((v) => v.work_order === row.id)
        .map((v) => ({
          id: v.id,
          work_order_line: v.work_order_line,
          description: lineById.get(v.work_order_line)?.description ?? '',
          ...apiFields('work_order_variations', v, ['old_quantity', 'new_quantity']),
          reason: v.reason,
          variation_date: v.variation_date,
          approved_by: v.approved_by,
          created: v.created,
        })),
      issued_at: row.issued_at,
      issued_by: row.issued_by,
      completed_at: row.completed_at,
      cancelled_at: row.cancelled_at,
      created_by: row.created_by,
      created: row.created,
      updated: row.updated,
      ...(vendor ? { expand: { vendor } } : {}),
    };
  });
}

const shaper =
  (scope: SiteScope): ShapeRows<repo.OrderRow, WorkOrder> =>
  (rows, expand) =>
    shapeOrders(scope.ctx.db.kysely, scope.siteId, rows, expand);

export async function getWorkOrder(
  scope: SiteScope,
  id: string,
  expand: Set<string> = new Set(),
): Promise<WorkOrder> {
  const row = await repo.findOrder(scope.ctx.db.kysely, scope.siteId, id);
  return shapeOne(row, 'Work order', shaper(scope), expand);
}

const LIST = listSpecOf('work_orders');

export async function listWorkOrders(
  scope: SiteScope,
  query: WorkOrderListQuery,
): Promise<Page<WorkOrder>> {
  let base = repo.ordersQuery(scope.ctx.db.kysely);
  if (query.status) {
    const statuses = query.status
      .split(',')
      .filter((s): s is WorkOrderStatus => (WORK_ORDER_STATUSES as readonly string[]).includes(s));
    base = base.where(
      'work_orders.status',
      'in',
      statuses.length > 0 ? statuses : ['none' as WorkOrderStatus],
    );
  }
  return listShaped(scope, base, LIST, query, shaper(scope));
}

/** The lines as stored: position in the order given, amount = quantity × rate to the paisa. */
function lineRows(
  scope: SiteScope,
  orderId: string,
  lines: WorkOrderCreate['lines'],
  kept: Map<string, repo.OrderLineRow>,
  now: string,
): repo.OrderLineRow[] {
  return lines.map((line, position) => {
    const quantity = toMilli(line.quantity);
    const rate = toPaise(line.rate);
    const before = line.id ? kept.get(line.id) : undefined;
    if (line.id && !before) throw invalid(`lines.${position}.id`, 'Not a line of this work order');
    return {
      id: before?.id ?? newId(),
      site_id: scope.siteId,
      work_order: orderId,
      position,
      description: line.description,
      unit: line.unit,
      quantity,
      rate,
      amount: lineTotalPaise(quantity, rate),
      billed_quantity: before?.billed_quantity ?? 0,
      budget_line: line.budget_line ?? null,
      created_by: before?.created_by ?? scope.userId,
      created: before?.created ?? now,
      updated: now,
    };
  });
}

/** GST on the order's bills needs a regular vendor with a state (as a delivery line's rate). */
async function checkGst(
  trx: Trx,
  siteId: string,
  vendor: string,
  rate: number | null,
  place: string | null,
) {
  if (rate === null || rate === 0) return;
  lineHeads(100, rate, await loadTaxPlace(trx, siteId, vendor, place), 'gst_rate');
}

async function checkLineBudgets(trx: Trx, siteId: string, lines: WorkOrderCreate['lines']) {
  for (const [i, line] of lines.entries()) {
    if (line.budget_line) {
      await checkBudgetLineRef(trx, siteId, line.budget_line, `lines.${i}.budget_line`);
    }
  }
}

function checkAdvance(advance: number, total: number) {
  if (advance > total) throw invalid('advance_amount', 'The advance cannot be more than the order');
}

export async function createWorkOrder(
  scope: SiteScope,
  input: WorkOrderCreate,
  idempotencyKey: string | null = null,
): Promise<WorkOrder> {
  const { ctx, siteId, userId } = scope;
  const now = nowIso();
  const id = newId();
  const lines = lineRows(scope, id, input.lines, new Map(), now);
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  const advance = toPaise(input.advance_amount ?? 0);
  checkAdvance(advance, total);
  const gstRate = input.gst_rate == null ? null : rateToStored(input.gst_rate);
  const prior = await createOnce(
    scope,
    'work_orders',
    idempotencyKey,
    id,
    async (trx) => {
      await checkVendorRef(trx, siteId, input.vendor);
      await checkLineBudgets(trx, siteId, input.lines);
      await checkGst(trx, siteId, input.vendor, gstRate, input.place_of_supply ?? null);
      await repo.insertOrder(trx, {
        id,
        site_id: siteId,
        vendor: input.vendor,
        title: input.title,
        number: null,
        status: 'draft',
        order_date: input.order_date ?? businessToday(ctx.config.timezone),
        terms: input.terms || null,
        notes: input.notes || null,
        retention_percent: rateToStored(input.retention_percent ?? 0),
        retention_due_days: input.retention_due_days ?? 365,
        advance_amount: advance,
        advance_recovery_percent: rateToStored(input.advance_recovery_percent ?? 0),
        gst_rate: gstRate,
        place_of_supply: input.place_of_supply || null,
        tds_section: await creditSection(trx, siteId, input.vendor, input.tds_section),
        total_amount: total,
        retention_due_date: null,
        issued_at: null,
        issued_by: null,
        completed_at: null,
        cancelled_at: null,
        created_by: userId,
        created: now,
        updated: now,
      });
      await repo.insertLines(trx, lines);
    },
    'work_orders',
  );
  return getWorkOrder(scope, prior ?? id);
}

/** Locks the order and records the change in the trail, in one transaction. */
async function changeOrder(
  scope: SiteScope,
  id: string,
  change: (trx: Trx, row: repo.OrderRow, now: string) => Promise<void>,
): Promise<WorkOrder> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await repo.lockOrder(trx, siteId, id);
    if (!row) throw notFound('Work order');
    const audit = await auditStart(trx, { entity: 'work_orders', siteId, id, action: 'update' });
    await change(trx, row, nowIso());
    await audit.finish();
  });
  return getWorkOrder(scope, id);
}

const refuseStatus = (row: repo.OrderRow, allowed: readonly WorkOrderStatus[]) => {
  if (!allowed.includes(row.status)) {
    throw new AppError('INVALID_STATUS', { status: row.status, allowed_from: allowed });
  }
};

/**
 * A draft changes freely. Once issued the order is the subcontractor's signed copy: its title,
 * terms and notes may be corrected; its lines change by variations; its money terms not at all.
 */
export function updateWorkOrder(
  scope: SiteScope,
  id: string,
  input: WorkOrderUpdate,
): Promise<WorkOrder> {
  const { siteId } = scope;
  return changeOrder(scope, id, async (trx, row, now) => {
    const changes: Partial<repo.OrderRow> = { updated: now };
    if (input.title !== undefined) changes.title = input.title;
    if (input.terms !== undefined) changes.terms = input.terms || null;
    if (input.notes !== undefined) changes.notes = input.notes || null;
    const moneyKeys = [
      'vendor',
      'order_date',
      'retention_percent',
      'retention_due_days',
      'advance_amount',
      'advance_recovery_percent',
      'gst_rate',
      'place_of_supply',
      'tds_section',
      'lines',
    ] as const;
    const touchesTerms = moneyKeys.some((key) => input[key] !== undefined);
    if (touchesTerms) refuseStatus(row, ['draft']);
    if (input.vendor !== undefined && input.vendor !== row.vendor) {
      await checkVendorRef(trx, siteId, input.vendor);
      changes.vendor = input.vendor;
    }
    if (input.order_date !== undefined) changes.order_date = input.order_date;
    if (input.retention_percent !== undefined)
      changes.retention_percent = rateToStored(input.retention_percent);
    if (input.retention_due_days !== undefined)
      changes.retention_due_days = input.retention_due_days;
    if (input.advance_recovery_percent !== undefined)
      changes.advance_recovery_percent = rateToStored(input.advance_recovery_percent);
    if (input.gst_rate !== undefined)
      changes.gst_rate = input.gst_rate === null ? null : rateToStored(input.gst_rate);
    if (input.place_of_supply !== undefined)
      changes.place_of_supply = input.place_of_supply || null;
    if (input.tds_section !== undefined || changes.vendor !== undefined) {
      changes.tds_section = await creditSection(
        trx,
        siteId,
        changes.vendor ?? row.vendor,
        input.tds_section,
      );
    }
    let total = row.total_amount;
    if (input.lines) {
      await checkLineBudgets(trx, siteId, input.lines);
      const kept = new Map((await repo.linesOf(trx, [id])).map((l) => [l.id, l]));
      const lines = lineRows(scope, id, input.lines, kept, now);
      await repo.deleteLinesOf(trx, id);
      await repo.insertLines(trx, lines);
      total = lines.reduce((sum, l) => sum + l.amount, 0);
      changes.total_amount = total;
    }
    const advance =
      input.advance_amount !== undefined ? toPaise(input.advance_amount) : row.advance_amount;
    if (input.advance_amount !== undefined) changes.advance_amount = advance;
    checkAdvance(advance, total);
    if (touchesTerms) {
      await checkGst(
        trx,
        siteId,
        changes.vendor ?? row.vendor,
        changes.gst_rate !== undefined ? changes.gst_rate : row.gst_rate,
        changes.place_of_supply !== undefined ? changes.place_of_supply : row.place_of_supply,
      );
    }
    await repo.updateOrder(trx, siteId, id, changes);
  });
}

/** draft → issued (owners only): the next number of the site's financial year. */
export async function issueWorkOrder(
  scope: SiteScope,
  id: string,
  input: { override_budget?: boolean | undefined } | null | undefined = {},
): Promise<WorkOrder> {
  if (scope.role !== 'owner') throw ownerOnly('issue work orders');
  const { siteId, userId, ctx } = scope;
  let warnings: BudgetWarning[] = [];
  const order = await changeOrder(scope, id, async (trx, row, now) => {
    refuseStatus(row, ['draft']);
    const year = financialYear(businessToday(ctx.config.timezone));
    const sequence = await repo.nextNumber(trx, siteId, year);
    await repo.updateOrder(trx, siteId, id, {
      status: 'issued',
      number: workOrderNumber(year, sequence),
      issued_at: now,
      issued_by: userId,
      updated: now,
    });
    // Its lines now commit their budget lines: past a budget it warns, or blocks (issue 45).
    const budget = await workOrderBudget(trx, id);
    const check = orderCheck(budget.check, input?.override_budget === true);
    await touchBudgets(trx, { siteId, lines: budget.lines, order: check });
    warnings = check.warnings;
    // Issued past its budget (warned, or a block overridden): who did, for the audit trail.
    if (warnings.length > 0) await repo.updateOrder(trx, siteId, id, { over_budget_by: userId });
  });
  return warnings.length > 0 ? { ...order, budget_warnings: warnings.map(shownWarning) } : order;
}

/** draft | issued → cancelled while nothing is billed and no advance is paid against it. */
export function cancelWorkOrder(scope: SiteScope, id: string): Promise<WorkOrder> {
  const { siteId } = scope;
  return changeOrder(scope, id, async (trx, row, now) => {
    refuseStatus(row, ['draft', 'issued']);
    const money = (await repo.moneyOf(trx, [id])).get(id)!;
    if (money.bills > 0 || money.advance_paid > 0) {
      throw new AppError('INVALID_STATUS', { variant: 'billed', status: row.status });
    }
    await repo.updateOrder(trx, siteId, id, {
      status: 'cancelled',
      cancelled_at: now,
      updated: now,
    });
    await touchBudgets(trx, { siteId, lines: (await workOrderBudget(trx, id)).lines });
  });
}

/**
 * A variation (owners only): an approved change of a line's quantity on an issued order, never
 * below what is billed; the order's total follows and the change is kept with its reason.
 */
export function addVariation(
  scope: SiteScope,
  id: string,
  input: WorkOrderVariationCreate,
): Promise<WorkOrder> {
  if (scope.role !== 'owner') throw ownerOnly('approve variations');
  const { siteId, userId, ctx } = scope;
  return changeOrder(scope, id, async (trx, row, now) => {
    refuseStatus(row, ['issued']);
    const lines = await repo.linesOf(trx, [id]);
    const line = lines.find((l) => l.id === input.work_order_line);
    if (!line)
      throw invalid('work_order_line', 'Not a line of this work order', 'invalid_reference');
    const quantity = toMilli(input.quantity);
    if (quantity < line.billed_quantity) {
      throw invalid('quantity', 'Cannot be less than already billed', 'below_billed');
    }
    const amount = lineTotalPaise(quantity, line.rate);
    await repo.setLineQuantity(trx, line.id, quantity, amount, now);
    await repo.insertVariation(trx, {
      id: newId(),
      site_id: siteId,
      work_order: id,
      work_order_line: line.id,
      old_quantity: line.quantity,
      new_quantity: quantity,
      reason: input.reason,
      variation_date: input.variation_date ?? businessToday(ctx.config.timezone),
      approved_by: userId,
      created_by: userId,
      created: now,
      updated: now,
    });
    await repo.updateOrder(trx, siteId, id, {
      total_amount: row.total_amount - line.amount + amount,
      updated: now,
    });
    await touchBudgets(trx, { siteId, lines: [line.budget_line] });
  });
}

/** Only a draft is deleted (an issued order keeps its number: cancel it instead). */
export async function deleteWorkOrder(scope: SiteScope, id: string): Promise<void> {
  const { siteId } = scope;
  await removeOnce(scope, 'work_orders', id, {
    noun: 'Work order',
    lock: (trx) => repo.lockOrder(trx, siteId, id),
    check: (_trx, row) => refuseStatus(row, ['draft']),
    remove: (trx) => repo.deleteOrder(trx, siteId, id),
    planResource: 'work_orders',
  });
}
