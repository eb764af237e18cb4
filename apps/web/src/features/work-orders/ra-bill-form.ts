/**
 * The RA bill form's shape and its live waterfall (API.md "Work orders and RA bills"): the same
 * `computeRaBill` the server runs, fed with the work order as it stands before this bill (for the
 * latest bill being edited: without it). TDS is an estimate at the vendor's rate; the threshold
 * and catch-up of the year are the server's, whose figure the statement shows once saved.
 */
import {
  computeRaBill,
  RaBillError,
  toMilli,
  toPaise,
  type RaBill,
  type RaBillCreate,
  type RaBillFigures,
  type WorkOrder,
} from '@siteledger/domain';
import { z } from 'zod';
import { dateSchema, todayIso } from '../../components/ui/date-field';
import { decimalSchema } from '../../components/ui/money-field';
import { readBody, type QueueEntry } from '../../lib/offline-queue';

export interface RaLineInput {
  work_order_line: string;
  cumulative_quantity: number | undefined;
}

export interface RaFormInput {
  bill_date: string;
  supplier_invoice_number: string;
  final: boolean;
  lines: RaLineInput[];
}

const cumulative = decimalSchema({
  decimals: 3,
  decimalsMessage: 'kit.validation.threeDecimals',
  positive: false,
  allowNegative: false,
  max: 1e9,
});

const schema = z.object({
  // Required: the non-optional branch of dateSchema gives a string.
  bill_date: dateSchema() as z.ZodType<string, string>,
  supplier_invoice_number: z.string().trim().max(60, 'validation.tooLong'),
  final: z.boolean(),
  lines: z.array(z.object({ work_order_line: z.string(), cumulative_quantity: cumulative })),
});
export type RaFormValues = z.output<typeof schema>;
// The boxes hold undefined until typed: the form's own shape is its input.
export const raFormSchema = schema as unknown as z.ZodType<RaFormValues, RaFormInput>;

/** What each line stood at before this bill (milli): the bill's own previous quantities when editing. */
export function previousQuantities(order: WorkOrder, bill: RaBill | null): Map<string, number> {
  const previous = new Map(order.lines.map((line) => [line.id, toMilli(line.billed_quantity)]));
  for (const line of bill?.lines ?? []) {
    previous.set(line.work_order_line, toMilli(line.previous_quantity));
  }
  return previous;
}

export function raDefaults(order: WorkOrder, bill: RaBill | null): RaFormInput {
  const ofBill = new Map(bill?.lines.map((line) => [line.work_order_line, line]));
  return {
    bill_date: bill?.bill_date ?? todayIso(),
    supplier_invoice_number: bill?.supplier_invoice_number ?? '',
    final: bill?.final ?? false,
    lines: order.lines.map((line) => ({
      work_order_line: line.id,
      cumulative_quantity: ofBill.get(line.id)?.cumulative_quantity ?? line.billed_quantity,
    })),
  };
}

/** The work order a queued bill's body names ('' when it names none). */
export function queuedOrderOf(entry: QueueEntry): string {
  return readBody(entry.body).text('work_order');
}

/**
 * A queued bill (refused by the server, opened to be fixed) as the form's values: its quantities
 * per line of the order; a line the body lacks starts where the order stands.
 */
export function raQueuedValues(order: WorkOrder, entry: QueueEntry): RaFormInput {
  const body = readBody(entry.body);
  const measured = new Map(
    body
      .list('lines')
      .map((line) => [line.text('work_order_line'), line.num('cumulative_quantity')]),
  );
  return {
    bill_date: body.text('bill_date') || todayIso(),
    supplier_invoice_number: body.text('supplier_invoice_number'),
    final: (entry.body as { final?: unknown } | null)?.final === true,
    lines: order.lines.map((line) => ({
      work_order_line: line.id,
      cumulative_quantity: measured.get(line.id) ?? line.billed_quantity,
    })),
  };
}

export function raBody(order: WorkOrder, values: RaFormValues): RaBillCreate {
  return {
    work_order: order.id,
    bill_date: values.bill_date,
    supplier_invoice_number: values.supplier_invoice_number || null,
    final: values.final,
    lines: values.lines.map((line) => ({
      work_order_line: line.work_order_line,
      cumulative_quantity: line.cumulative_quantity,
    })),
  };
}

export interface RaPreviewContext {
  order: WorkOrder;
  /** The latest bill being edited, else null. */
  bill: RaBill | null;
  /** The vendor's rate for the order's section (0: no TDS). */
  tdsRate: number;
  /** Vendor and place of supply in one state (CGST + SGST), else IGST. */
  sameState: boolean;
}

export type RaPreview =
  | { ok: true; figures: RaBillFigures }
  | { ok: false; line: number; code: 'below_previous' | 'above_ordered' };

const isQuantity = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * The waterfall for the quantities typed so far (a line left empty stays where it was), or which
 * line is out of bounds.
 */
export function raPreview(
  context: RaPreviewContext,
  lines: readonly Partial<RaLineInput>[],
  final: boolean,
): RaPreview {
  const { order, bill } = context;
  const previous = previousQuantities(order, bill);
  const requests = order.lines.map((line, index) => {
    const typed = lines[index]?.cumulative_quantity;
    return {
      work_order_line: line.id,
      cumulative_quantity: isQuantity(typed) ? toMilli(typed) : (previous.get(line.id) ?? 0),
    };
  });
  for (const [index, request] of requests.entries()) {
    const line = order.lines[index]!;
    if (request.cumulative_quantity < (previous.get(line.id) ?? 0)) {
      return { ok: false, line: index, code: 'below_previous' };
    }
    if (request.cumulative_quantity > toMilli(line.quantity)) {
      return { ok: false, line: index, code: 'above_ordered' };
    }
  }
  const recoveredBefore = toPaise(order.advance_recovered) - toPaise(bill?.advance_recovery ?? 0);
  try {
    const figures = computeRaBill({
      work_order_lines: order.lines.map((line) => ({
        id: line.id,
        quantity: toMilli(line.quantity),
        rate: toPaise(line.rate),
        billed_quantity: previous.get(line.id) ?? 0,
      })),
      lines: requests,
      retention_percent: order.retention_percent,
      advance_recovery_percent: order.advance_recovery_percent,
      advance_paid: toPaise(order.advance_paid),
      advance_recovered: Math.max(0, recoveredBefore),
      final,
      gst_rate: order.gst_rate,
      same_state: context.sameState,
      tds_rate: context.tdsRate,
    });
    return { ok: true, figures };
  } catch (error) {
    // The bounds are checked above; anything else is a figure the server will judge.
    if (error instanceof RaBillError) return { ok: false, line: 0, code: 'above_ordered' };
    throw error;
  }
}
