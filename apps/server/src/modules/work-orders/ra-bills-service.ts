import {
  computeRaBill,
  deliveryPaymentStatus,
  fromMilli,
  rateFromStored,
  RaBillError,
  toMilli,
  toPaise,
  type RaBill,
  type RaBillCreate,
  type RaBillListQuery,
  type RaBillUpdate,
  type RetentionRelease,
  type WorkOrderLineState,
  type WorkOrderStatement,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { newId, nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { NO_TDS } from '../../db/tds-columns.js';
import { auditStart } from '../../platform/audit.js';
import { createOnce } from '../../platform/create-once.js';
import { AppError, notFound, ownerOnly } from '../../platform/errors.js';
import { parseFileList } from '../../platform/files.js';
import { lineHeads, loadTaxPlace, NO_TAX } from '../../platform/gst-profile.js';
import type { Page } from '../../platform/list.js';
import { listShaped, shapeOne, type ShapeRows } from '../../platform/list-shaped.js';
import { listSpecOf } from '../../platform/list-spec.js';
import { apiFields, rupees } from '../../platform/record-shape.js';
import type { SiteScope } from '../../platform/scope.js';
import { tdsFields } from '../../platform/tds-shape.js';
import { publish, settleTxEvents } from '../../platform/tx-events.js';
import * as repo from './work-orders-repo.js';
import { getWorkOrder } from './work-orders-service.js';

type Trx = Transaction<Database>;

/** A business date n days on (calendar arithmetic in UTC: dates carry no time). */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function shapeBills(
  db: Trx | SiteScope['ctx']['db']['kysely'],
  rows: readonly repo.BillRow[],
): Promise<RaBill[]> {
  const lines = await repo.billLinesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    site: row.site_id,
    work_order: row.work_order,
    vendor: row.vendor,
    kind: row.kind,
    number: row.number,
    bill_date: row.bill_date,
    supplier_invoice_number: row.supplier_invoice_number,
    final: row.final === 1,
    notes: row.notes,
    ...apiFields('ra_bills', row, [
      'gross_amount',
      'gst_rate',
      'cgst_amount',
      'sgst_amount',
      'igst_amount',
      'retention_amount',
      'advance_recovery',
    ]),
    ...tdsFields('ra_bills', row),
    ...apiFields('ra_bills', row, ['net_payable', 'paid_amount']),
    payment_status: row.payment_status as RaBill['payment_status'],
    lines: lines
      .filter((l) => l.ra_bill === row.id)
      .map((l) => ({
        id: l.id,
        work_order_line: l.work_order_line,
        description: l.description,
        unit: l.unit,
        ...apiFields('ra_bill_lines', l, [
          'rate',
          'previous_quantity',
          'cumulative_quantity',
          'quantity',
          'amount',
        ]),
        photos: parseFileList(l.photos),
      })),
    created_by: row.created_by,
    created: row.created,
    updated: row.updated,
  }));
}

const shaper =
  (scope: SiteScope): ShapeRows<repo.BillRow, RaBill> =>
  (rows) =>
    shapeBills(scope.ctx.db.kysely, rows);

export async function getRaBill(scope: SiteScope, id: string): Promise<RaBill> {
  const row = await repo.findBill(scope.ctx.db.kysely, scope.siteId, id);
  return shapeOne(row, 'RA bill', shaper(scope), new Set());
}

const LIST = listSpecOf('ra_bills');

export function listRaBills(scope: SiteScope, query: RaBillListQuery): Promise<Page<RaBill>> {
  return listShaped(scope, repo.billsQuery(scope.ctx.db.kysely), LIST, query, shaper(scope));
}

function asAppError(error: unknown): never {
  if (error instanceof RaBillError) throw new AppError(error.code, error.data);
  throw error;
}

/** The order, locked: bills of one order are written one at a time (numbers, cumulative quantities). */
async function lockedOrder(trx: Trx, siteId: string, id: string, field?: string) {
  const order = await repo.lockOrder(trx, siteId, id);
  if (!order) {
    if (field) {
      throw new AppError('VALIDATION_FAILED', {
        [field]: { code: 'invalid_reference', message: 'Unknown work order' },
      });
    }
    throw notFound('Work order');
  }
  return order;
}

interface Measured {
  lines: repo.BillLineRow[];
  figures: Omit<
    repo.BillRow,
    | 'id'
    | 'site_id'
    | 'work_order'
    | 'vendor'
    | 'kind'
    | 'sequence'
    | 'number'
    | 'bill_date'
    | 'supplier_invoice_number'
    | 'final'
    | 'notes'
    | 'created_by'
    | 'created'
    | 'updated'
    | 'paid_amount'
    | 'payment_status'
  >;
}

/**
 * The bill's lines and waterfall (API.md): gross = Σ (cumulative − previous) × rate; GST on the
 * gross as for a delivery; retention and advance recovery on the gross; TDS on gross − recovery,
 * left to the TDS subscriber of the same transaction (it may carry a catch-up); net payable.
 * `previous` is what the earlier bills measured (the order's lines without this bill).
 */
async function measure(
  trx: Trx,
  scope: SiteScope,
  order: repo.OrderRow,
  billId: string,
  previous: Map<string, number>,
  input: { lines: RaBillCreate['lines']; final: boolean; recoveredBefore: number },
  now: string,
): Promise<Measured> {
  const orderLines = await repo.linesOf(trx, [order.id]);
  const states: WorkOrderLineState[] = orderLines.map((l) => ({
    id: l.id,
    quantity: l.quantity,
    rate: l.rate,
    billed_quantity: previous.get(l.id) ?? 0,
  }));
  const requested = new Map(input.lines.map((l) => [l.work_order_line, l]));
  // Every line of the order is on the bill: those not measured again keep their quantity.
  const requests = [
    ...input.lines.map((l) => ({
      work_order_line: l.work_order_line,
      cumulative_quantity: toMilli(l.cumulative_quantity),
    })),
    ...states
      .filter((s) => !requested.has(s.id))
      .map((s) => ({ work_order_line: s.id, cumulative_quantity: s.billed_quantity })),
  ];
  const money = (await repo.moneyOf(trx, [order.id])).get(order.id)!;
  let figures;
  try {
    figures = computeRaBill({
      work_order_lines: states,
      lines: requests,
      retention_percent: rateFromStored(order.retention_percent),
      advance_recovery_percent: rateFromStored(order.advance_recovery_percent),
      advance_paid: money.advance_paid,
      advance_recovered: input.recoveredBefore,
      final: input.final,
      gst_rate: null,
      same_state: true,
      tds_rate: 0,
    });
  } catch (error) {
    asAppError(error);
  }
  if (figures.gross_amount === 0 && !input.final) {
    throw new AppError('VALIDATION_FAILED', {
      lines: { code: 'nothing_measured', message: 'Nothing was measured since the last bill' },
    });
  }
  const heads =
    order.gst_rate === null
      ? NO_TAX
      : lineHeads(
          figures.gross_amount,
          order.gst_rate,
          await loadTaxPlace(trx, scope.siteId, order.vendor, order.place_of_supply),
          'gst_rate',
        );
  const gst = heads.cgst_amount + heads.sgst_amount + heads.igst_amount;
  const lines: repo.BillLineRow[] = figures.lines
    .filter((l) => l.quantity > 0 || requested.has(l.work_order_line))
    .map((l) => ({
      id: newId(),
      site_id: scope.siteId,
      ra_bill: billId,
      work_order_line: l.work_order_line,
      previous_quantity: l.previous_quantity,
      cumulative_quantity: l.cumulative_quantity,
      quantity: l.quantity,
      rate: l.rate,
      amount: l.amount,
      photos: '[]',
      created_by: scope.userId,
      created: now,
      updated: now,
    }));
  return {
    lines,
    figures: {
      gross_amount: figures.gross_amount,
      gst_rate: order.gst_rate,
      place_of_supply: order.place_of_supply,
      ...heads,
      retention_amount: figures.retention_amount,
      advance_recovery: figures.advance_recovery,
      ...NO_TDS,
      tds_section: order.tds_section,
      tds_base: figures.tds_base,
      net_payable: figures.gross_amount + gst - figures.retention_amount - figures.advance_recovery,
    },
  };
}

/** The order's lines take the bill's cumulative quantities (or, without it, the previous ones). */
async function setBilled(trx: Trx, quantities: Map<string, number>, now: string) {
  for (const [line, billed] of quantities) await repo.setBilled(trx, line, billed, now);
}

/** A final bill completes the order; the retention falls due its days after the bill. */
async function settleCompletion(
  trx: Trx,
  siteId: string,
  order: repo.OrderRow,
  final: { bill_date: string } | null,
  now: string,
) {
  if (final) {
    await repo.updateOrder(trx, siteId, order.id, {
      status: 'completed',
      completed_at: now,
      retention_due_date: addDays(final.bill_date, order.retention_due_days),
      updated: now,
    });
  } else if (order.status === 'completed') {
    await repo.updateOrder(trx, siteId, order.id, {
      status: 'issued',
      completed_at: null,
      retention_due_date: null,
      updated: now,
    });
  }
}

/** TDS (API.md "TDS"): the bill's deductee's year, recomputed inside the write. */
async function settleTds(
  trx: Trx,
  siteId: string,
  bill: { id: string; vendor: string; bill_date: string },
  deleted: boolean,
  before: string | null,
  now: string,
) {
  const places = [{ vendor: bill.vendor, date: bill.bill_date }];
  if (before && before !== bill.bill_date) places.push({ vendor: bill.vendor, date: before });
  publish(trx, 'credit.changed', {
    siteId,
    now,
    table: 'ra_bills',
    id: bill.id,
    deleted,
    places,
  });
  await settleTxEvents(trx);
}

export async function createRaBill(
  scope: SiteScope,
  input: RaBillCreate,
  idempotencyKey: string | null = null,
): Promise<RaBill> {
  const { siteId, userId } = scope;
  const id = newId();
  const now = nowIso();
  const prior = await createOnce(scope, 'ra_bills', idempotencyKey, id, async (trx) => {
    const order = await lockedOrder(trx, siteId, input.work_order, 'work_order');
    if (order.status !== 'issued') {
      throw new AppError('INVALID_STATUS', { status: order.status, allowed_from: ['issued'] });
    }
    const bills = await repo.billsOf(trx, order.id);
    const orderLines = await repo.linesOf(trx, [order.id]);
    const previous = new Map(orderLines.map((l) => [l.id, l.billed_quantity]));
    const recoveredBefore = bills.reduce((sum, b) => sum + b.advance_recovery, 0);
    const final = input.final === true;
    const measured = await measure(
      trx,
      scope,
      order,
      id,
      previous,
      { lines: input.lines, final, recoveredBefore },
      now,
    );
    const sequence = (bills.at(-1)?.sequence ?? 0) + 1;
    await repo.insertBill(trx, {
      id,
      site_id: siteId,
      work_order: order.id,
      vendor: order.vendor,
      kind: 'bill',
      sequence,
      number: `RA-${sequence}`,
      bill_date: input.bill_date,
      supplier_invoice_number: input.supplier_invoice_number || null,
      final: final ? 1 : 0,
      notes: input.notes || null,
      ...measured.figures,
      paid_amount: 0,
      payment_status: 'pending',
      created_by: userId,
      created: now,
      updated: now,
    });
    await repo.insertBillLines(trx, measured.lines);
    await setBilled(
      trx,
      new Map(measured.lines.map((l) => [l.work_order_line, l.cumulative_quantity])),
      now,
    );
    await settleCompletion(trx, siteId, order, final ? input : null, now);
    await settleTds(
      trx,
      siteId,
      { id, vendor: order.vendor, bill_date: input.bill_date },
      false,
      null,
      now,
    );
  });
  return getRaBill(scope, prior ?? id);
}

/** Locks the bill and its order; only the order's latest bill may change (409 NOT_LATEST_BILL). */
async function latestBill(trx: Trx, siteId: string, id: string) {
  const found = await repo.findBill(trx, siteId, id);
  if (!found) throw notFound('RA bill');
  const order = await lockedOrder(trx, siteId, found.work_order);
  const bills = await repo.billsOf(trx, order.id);
  const bill = bills.find((b) => b.id === id)!;
  if (bills.at(-1)?.id !== id) {
    throw new AppError('NOT_LATEST_BILL', { latest: bills.at(-1)?.number ?? null });
  }
  return { order, bill, earlier: bills.slice(0, -1) };
}

/** The quantities measured before a bill: its lines' previous quantities, or the order's billed. */
async function previousOf(trx: Trx, order: repo.OrderRow, billId: string) {
  const orderLines = await repo.linesOf(trx, [order.id]);
  const mine = await repo.billLinesOf(trx, [billId]);
  const previous = new Map(orderLines.map((l) => [l.id, l.billed_quantity]));
  for (const line of mine) previous.set(line.work_order_line, line.previous_quantity);
  return previous;
}

function refuseBelowPaid(bill: { net_payable: number; paid_amount: number }) {
  if (bill.net_payable < bill.paid_amount) {
    throw new AppError('TOTAL_BELOW_PAID', {
      ...rupees({ total: bill.net_payable, paid: bill.paid_amount }),
      payments: [],
    });
  }
}

export async function updateRaBill(
  scope: SiteScope,
  id: string,
  input: RaBillUpdate,
): Promise<RaBill> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const { order, bill, earlier } = await latestBill(trx, siteId, id);
    if (bill.kind !== 'bill') {
      throw new AppError('INVALID_STATUS', { status: bill.kind });
    }
    const audit = await auditStart(trx, { entity: 'ra_bills', siteId, id, action: 'update' });
    const now = nowIso();
    const changes: Partial<repo.BillRow> = { updated: now };
    if (input.bill_date !== undefined) changes.bill_date = input.bill_date;
    if (input.supplier_invoice_number !== undefined)
      changes.supplier_invoice_number = input.supplier_invoice_number || null;
    if (input.notes !== undefined) changes.notes = input.notes || null;
    const final = input.final ?? bill.final === 1;
    changes.final = final ? 1 : 0;
    if (input.lines !== undefined || input.final !== undefined) {
      const previous = await previousOf(trx, order, id);
      const kept = await repo.billLinesOf(trx, [id]);
      const lines =
        input.lines ??
        kept.map((l) => ({
          work_order_line: l.work_order_line,
          cumulative_quantity: fromMilli(l.cumulative_quantity),
        }));
      const measured = await measure(
        trx,
        scope,
        order,
        id,
        previous,
        {
          lines,
          final,
          recoveredBefore: earlier.reduce((sum, b) => sum + b.advance_recovery, 0),
        },
        now,
      );
      const {
        tds_section: _section,
        tds_rate: _rate,
        tds_amount: _amount,
        tds_carried: _carried,
        ...figures
      } = measured.figures;
      Object.assign(changes, figures, {
        // Until the TDS subscriber recomputes it: the TDS it had.
        net_payable: figures.net_payable - bill.tds_amount,
      });
      await repo.deleteBillLines(trx, id);
      await repo.insertBillLines(trx, measured.lines);
      await setBilled(trx, previous, now);
      await setBilled(
        trx,
        new Map(measured.lines.map((l) => [l.work_order_line, l.cumulative_quantity])),
        now,
      );
    }
    await repo.updateBill(trx, siteId, id, changes);
    const next = { ...bill, ...changes };
    await settleCompletion(trx, siteId, order, final ? next : null, now);
    await settleTds(trx, siteId, next, false, bill.bill_date, now);
    const after = (await repo.findBill(trx, siteId, id))!;
    refuseBelowPaid(after);
    await trx
      .updateTable('ra_bills')
      .set({ payment_status: deliveryPaymentStatus(after.net_payable, after.paid_amount) })
      .where('id', '=', id)
      .execute();
    await audit.finish();
  });
  return getRaBill(scope, id);
}

/** Only the latest bill, and only while nothing is paid on it. */
export async function deleteRaBill(scope: SiteScope, id: string): Promise<void> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const { order, bill } = await latestBill(trx, siteId, id);
    if (bill.paid_amount > 0 || (await repo.billHasAllocations(trx, id))) {
      throw new AppError('RECORD_IN_USE', { entity: 'ra bill' });
    }
    const audit = await auditStart(trx, { entity: 'ra_bills', siteId, id, action: 'delete' });
    const now = nowIso();
    if (bill.kind === 'bill') await setBilled(trx, await previousOf(trx, order, id), now);
    await repo.deleteBill(trx, siteId, id);
    if (bill.final === 1) await settleCompletion(trx, siteId, order, null, now);
    await audit.finish();
    if (bill.kind === 'bill') await settleTds(trx, siteId, bill, true, null, now);
  });
}

/**
 * Retention released (owners only) once the order is completed: an RA bill of kind
 * `retention_release`, no GST and no TDS, whose net payable is the amount (default all held).
 */
export async function releaseRetention(
  scope: SiteScope,
  orderId: string,
  input: RetentionRelease,
): Promise<RaBill> {
  if (scope.role !== 'owner') throw ownerOnly('release retention');
  const { ctx, siteId, userId } = scope;
  const id = newId();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const order = await lockedOrder(trx, siteId, orderId);
    if (order.status !== 'completed') {
      throw new AppError('INVALID_STATUS', { status: order.status, allowed_from: ['completed'] });
    }
    const money = (await repo.moneyOf(trx, [orderId])).get(orderId)!;
    const held = money.retention_held - money.retention_released;
    const amount = input.amount === undefined ? held : toPaise(input.amount);
    if (amount <= 0 || amount > held) {
      throw new AppError('VALIDATION_FAILED', {
        amount: { code: 'too_big', message: 'More than the retention held' },
      });
    }
    const bills = await repo.billsOf(trx, orderId);
    const sequence = (bills.at(-1)?.sequence ?? 0) + 1;
    const now = nowIso();
    await repo.insertBill(trx, {
      id,
      site_id: siteId,
      work_order: orderId,
      vendor: order.vendor,
      kind: 'retention_release',
      sequence,
      number: `RA-${sequence}`,
      bill_date: input.release_date,
      supplier_invoice_number: null,
      final: 0,
      notes: null,
      gross_amount: 0,
      gst_rate: null,
      place_of_supply: null,
      ...NO_TAX,
      retention_amount: 0,
      advance_recovery: 0,
      ...NO_TDS,
      net_payable: amount,
      paid_amount: 0,
      payment_status: 'pending',
      created_by: userId,
      created: now,
      updated: now,
    });
    const audit = await auditStart(trx, { entity: 'ra_bills', siteId, id, action: 'create' });
    await audit.finish();
  });
  return getRaBill(scope, id);
}

export async function workOrderStatement(
  scope: SiteScope,
  orderId: string,
): Promise<WorkOrderStatement> {
  const db = scope.ctx.db.kysely;
  const workOrder = await getWorkOrder(scope, orderId);
  const rows = await repo.billsOf(db, orderId);
  const bills = await shapeBills(db, rows);
  const money = (await repo.moneyOf(db, [orderId])).get(orderId)!;
  const sum = (key: keyof repo.BillRow) => rows.reduce((s, r) => s + Number(r[key]), 0);
  const billTds = sum('tds_amount');
  const paidOnBills = sum('paid_amount');
  const outstanding = rows.reduce((s, r) => s + Math.max(0, r.net_payable - r.paid_amount), 0);
  return {
    work_order: workOrder,
    bills,
    totals: rupees({
      gross_amount: sum('gross_amount'),
      cgst_amount: sum('cgst_amount'),
      sgst_amount: sum('sgst_amount'),
      igst_amount: sum('igst_amount'),
      retention_amount: sum('retention_amount'),
      advance_recovery: sum('advance_recovery'),
      tds_amount: billTds,
      net_payable: sum('net_payable'),
      paid_amount: paidOnBills,
      advance_paid: money.advance_paid,
      advance_tds: money.advance_tds,
      retention_released: money.retention_released,
      retention_held: money.retention_held - money.retention_released,
      tds_total: billTds + money.advance_tds,
      paid_total: money.advance_paid - money.advance_tds + paidOnBills,
      outstanding,
    }),
  };
}
