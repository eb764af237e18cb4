import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  computeRaBill,
  rateFromStored,
  RaBillError,
  toMilli,
  type RaBillCreate,
  type WorkOrderLineState,
} from '@siteledger/domain';
import { newId } from '../../db/ids.js';
import { addDays } from '../../platform/business-time.js';
import { NO_TDS } from '../../db/tds-columns.js';
import { AppError, notFound } from '../../platform/errors.js';
import { lineHeads, loadTaxPlace, NO_TAX } from '../../platform/gst-profile.js';
import type { SiteScope } from '../../platform/scope.js';
import { publish, settleTxEvents } from '../../platform/tx-events.js';
import * as repo from './work-orders-repo.js';
import { touchBudgets, workOrderBudget } from '../../platform/budget-touch.js';

/** How an RA bill is measured, taxed and settled inside its write (issue 43). */
type Trx = Transaction<Database>;

function asAppError(error: unknown): never {
  if (error instanceof RaBillError) throw new AppError(error.code, error.data);
  throw error;
}

/** The order, locked: bills of one order are written one at a time (numbers, cumulative quantities). */
export async function lockedOrder(trx: Trx, siteId: string, id: string, field?: string) {
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

export interface Measured {
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
    | 'approved_at'
    | 'approved_by'
  >;
}

/**
 * The bill's lines and waterfall (API.md): gross = Σ (cumulative − previous) × rate; GST on the
 * gross as for a delivery; retention and advance recovery on the gross; TDS on gross − recovery,
 * left to the TDS subscriber of the same transaction (it may carry a catch-up); net payable.
 * `previous` is what the earlier bills measured (the order's lines without this bill).
 */
export async function measure(
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
export async function setBilled(trx: Trx, quantities: Map<string, number>, now: string) {
  for (const [line, billed] of quantities) await repo.setBilled(trx, line, billed, now);
}

/** A final bill completes the order; the retention falls due its days after the bill. */
export async function settleCompletion(
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
export async function settleTds(
  trx: Trx,
  siteId: string,
  bill: {
    id: string;
    work_order: string;
    vendor: string;
    bill_date: string;
    tds_section: string | null;
  },
  deleted: boolean,
  before: string | null,
  now: string,
) {
  // What the bill measured is spent on its lines' budget lines (issue 45).
  const budget = await workOrderBudget(trx, bill.work_order);
  await touchBudgets(trx, { siteId, lines: budget.lines });
  // An order outside TDS: its bills move no deductee.
  if (bill.tds_section === null) return;
  const places = [{ vendor: bill.vendor, date: bill.bill_date }];
  if (before && before !== bill.bill_date) places.push({ vendor: bill.vendor, date: before });
  publish(trx, 'credit.changed', {
    siteId,
    now,
    table: 'ra_bills',
    id: bill.id,
    deleted,
    places,
    inTds: true,
  });
  await settleTxEvents(trx);
}
