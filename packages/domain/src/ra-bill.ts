import type { ErrorCode, ErrorData } from './errors.js';
import { splitGst } from './gst.js';
import { fromMilli, lineTotalPaise, type Paise } from './money.js';
import { percentOfPaise, type TdsResult } from './tds.js';

/**
 * A running-account (RA) bill of a work order (API.md "Work orders and RA bills"): line
 * quantities from the cumulative ones asked for, then the waterfall gross → GST → retention →
 * advance recovery → TDS → net payable. Quantities are thousandths of a unit ("milli", as
 * `toMilli` makes them) and amounts paise; the server reads the work order and writes the bill,
 * the web form previews the same figures.
 */

/** A work-order line as it stands before this bill. */
export interface WorkOrderLineState {
  id: string;
  /** Ordered, milli. */
  quantity: number;
  /** Paise per unit. */
  rate: Paise;
  /** Cumulative quantity billed by the earlier bills (when the latest bill is edited: without it). */
  billed_quantity: number;
}

export interface RaBillLineRequest {
  work_order_line: string;
  /** Milli: everything billed on this line so far, this bill included. */
  cumulative_quantity: number;
}

export interface RaBillInput {
  work_order_lines: readonly WorkOrderLineState[];
  /** The bill's lines, in request order (errors point at `lines.<index>`). */
  lines: readonly RaBillLineRequest[];
  /** Of the gross, 0–20. */
  retention_percent: number;
  /** Of the gross, 0–100. */
  advance_recovery_percent: number;
  advance_paid: Paise;
  /** Recovered by the earlier bills. */
  advance_recovered: Paise;
  final: boolean;
  /** Percent; null: no GST (an unregistered or composition vendor). */
  gst_rate: number | null;
  /** Supplier and place of supply in one state: CGST + SGST; else IGST. */
  same_state: boolean;
  /** Percent applied to `tds_base` (0: no TDS). */
  tds_rate: number;
  /**
   * When given, the TDS engine's answer for this bill's base instead of `tds_rate` × base: e.g.
   * `(base) => computeTds(deductee, { date, base }, earlier)`, which may carry a catch-up.
   */
  tds_for?: (tdsBase: Paise) => TdsResult;
}

export interface RaBillLineFigures {
  work_order_line: string;
  /** Milli. */
  previous_quantity: number;
  cumulative_quantity: number;
  /** cumulative − previous, milli. */
  quantity: number;
  rate: Paise;
  /** quantity × rate, rounded to the paisa half away from zero, once. */
  amount: Paise;
}

export interface RaBillFigures {
  lines: RaBillLineFigures[];
  gross_amount: Paise;
  cgst_amount: Paise;
  sgst_amount: Paise;
  igst_amount: Paise;
  retention_amount: Paise;
  advance_recovery: Paise;
  tds_base: Paise;
  tds_rate: number;
  tds_amount: Paise;
  /** The part of `tds_amount` that catches up earlier credits (TDS engine only). */
  tds_carried: Paise;
  /** gross + GST − retention − advance recovery − TDS; negative when a final bill's recovery passes it. */
  net_payable: Paise;
}

export type RaBillErrorCode = Extract<ErrorCode, 'WO_QUANTITY_EXCEEDED' | 'VALIDATION_FAILED'>;

/** A refused bill: the server answers it as `AppError(code, data)`, nothing written. */
export class RaBillError extends Error {
  constructor(
    readonly code: RaBillErrorCode,
    readonly data: ErrorData,
  ) {
    super(code);
    this.name = 'RaBillError';
  }
}

/**
 * quantity (milli) × rate (paise), rounded to the paisa: the delivery line's own rule
 * (`lineTotalPaise`; quantities and rates are never negative, so half up is half away from zero).
 */
export function raLineAmount(quantityMilli: number, rate: Paise): Paise {
  if (!Number.isSafeInteger(quantityMilli) || !Number.isSafeInteger(rate)) {
    throw new RangeError('raLineAmount: quantity and rate must be whole milli and paise');
  }
  return lineTotalPaise(quantityMilli, rate);
}

function invalid(field: string, code: string, message: string): RaBillError {
  return new RaBillError('VALIDATION_FAILED', { [field]: { code, message } });
}

/**
 * The bill's lines, or the first refusal: a line not of this work order or named twice, a
 * quantity that is not whole milli, a cumulative quantity below what was billed
 * (VALIDATION_FAILED on `lines.<i>.cumulative_quantity`) or above what was ordered
 * (WO_QUANTITY_EXCEEDED with ordered, billed and the extra quantity requested, in units as the API
 * shows them, as PO_QUANTITY_EXCEEDED does).
 */
export function raBillLines(
  workOrderLines: readonly WorkOrderLineState[],
  requests: readonly RaBillLineRequest[],
): RaBillLineFigures[] | RaBillError {
  const byId = new Map(workOrderLines.map((line) => [line.id, line]));
  const seen = new Set<string>();
  const lines: RaBillLineFigures[] = [];
  for (const [i, request] of requests.entries()) {
    const line = byId.get(request.work_order_line);
    if (!line) {
      return invalid(
        `lines.${i}.work_order_line`,
        'invalid_reference',
        'Not a line of this work order',
      );
    }
    if (seen.has(line.id)) {
      return invalid(`lines.${i}.work_order_line`, 'duplicate', 'This line is already on the bill');
    }
    seen.add(line.id);
    const cumulative = request.cumulative_quantity;
    const field = `lines.${i}.cumulative_quantity`;
    if (!Number.isSafeInteger(cumulative)) {
      return invalid(field, 'invalid_number', 'A quantity has at most 3 decimals');
    }
    if (cumulative < line.billed_quantity) {
      return invalid(
        field,
        'below_previous',
        `Cannot be less than already billed (${fromMilli(line.billed_quantity)})`,
      );
    }
    if (cumulative > line.quantity) {
      return new RaBillError('WO_QUANTITY_EXCEEDED', {
        work_order_line: line.id,
        ordered: fromMilli(line.quantity),
        billed: fromMilli(line.billed_quantity),
        requested: fromMilli(cumulative - line.billed_quantity),
      });
    }
    const quantity = cumulative - line.billed_quantity;
    lines.push({
      work_order_line: line.id,
      previous_quantity: line.billed_quantity,
      cumulative_quantity: cumulative,
      quantity,
      rate: line.rate,
      amount: raLineAmount(quantity, line.rate),
    });
  }
  return lines;
}

/**
 * The advance a bill recovers: gross × recovery %, never more than the advance paid and not yet
 * recovered; on a final bill all of that, whatever the percentage gives.
 */
export function advanceRecovery(
  gross: Paise,
  percent: number,
  advancePaid: Paise,
  advanceRecovered: Paise,
  final: boolean,
): Paise {
  const outstanding = Math.max(0, advancePaid - advanceRecovered);
  return final ? outstanding : Math.min(percentOfPaise(gross, percent), outstanding);
}

/**
 * The whole bill. Throws RaBillError on a refused line (see `raBillLines`). GST is reckoned on
 * the gross once (one rate per work order), as `splitGst` splits a delivery line. `tds_base` is
 * gross − advance recovery (TDS was taken on the advance when it was paid), never below 0: a final
 * bill whose recovery passes its gross takes no TDS and its net payable goes negative (the vendor
 * owes the rest of the advance).
 */
export function computeRaBill(input: RaBillInput): RaBillFigures {
  if (!(input.retention_percent >= 0 && input.retention_percent <= 20)) {
    throw new RangeError(`Retention must be 0–20 %: ${input.retention_percent}`);
  }
  const lines = raBillLines(input.work_order_lines, input.lines);
  if (lines instanceof RaBillError) throw lines;
  const gross = lines.reduce((sum, line) => sum + line.amount, 0);
  const gst = input.gst_rate ? splitGst(gross, input.gst_rate, input.same_state) : null;
  const cgst = gst?.cgst ?? 0;
  const sgst = gst?.sgst ?? 0;
  const igst = gst?.igst ?? 0;
  const retention = percentOfPaise(gross, input.retention_percent);
  const recovery = advanceRecovery(
    gross,
    input.advance_recovery_percent,
    input.advance_paid,
    input.advance_recovered,
    input.final,
  );
  const tdsBase = Math.max(0, gross - recovery);
  const tds: TdsResult = input.tds_for
    ? input.tds_for(tdsBase)
    : { rate: input.tds_rate, tds_amount: percentOfPaise(tdsBase, input.tds_rate), carried: 0 };
  return {
    lines,
    gross_amount: gross,
    cgst_amount: cgst,
    sgst_amount: sgst,
    igst_amount: igst,
    retention_amount: retention,
    advance_recovery: recovery,
    tds_base: tdsBase,
    tds_rate: tds.rate,
    tds_amount: tds.tds_amount,
    tds_carried: tds.carried,
    net_payable: gross + cgst + sgst + igst - retention - recovery - tds.tds_amount,
  };
}
