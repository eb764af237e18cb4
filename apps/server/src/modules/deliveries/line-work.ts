import {
  deliveryPaymentStatus,
  fromMilli,
  rateToStored,
  toMilli,
  type DeliveryItemCreate,
  type DeliveryItemUpdate,
  type Released,
} from '@siteledger/domain';
import { apiFields } from '../../platform/record-shape.js';
import type { Transaction } from 'kysely';
import { newId } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../platform/errors.js';
import * as repo from './deliveries-repo.js';
import { ratesOnDate } from '../catalog/gst-rate-periods.js';
import { deliveryTotals, lineAmounts, type LineAmounts } from './totals.js';
import { auditStart } from '../../platform/audit.js';
import { lineHeads, manualTax, taxFromLines, type TaxPlace } from './gst-lines.js';
import { recordedPlace } from '../../platform/recorded-tax.js';
import { settleStoredOverrides } from './tax-overrides.js';
import { checkReceiptLinks } from '../../db/receipt-links.js';
import { eventsOf, settleTxEvents, type DeliveryChanged } from '../../platform/tx-events.js';
import { publishDeliveryChanged } from './delivery-events.js';

/**
 * One transaction's worth of delivery-line changes: the single delivery_items endpoints run one
 * step in it, POST /api/batch runs up to 500. Each step checks what it can at once (records of the
 * site, returns); the rules about the whole delivery (at least one line, total > 0, total not
 * below paid) are checked by `settle` after the last step, so a batch may replace every line.
 */
export interface LineWork {
  trx: Transaction<Database>;
  now: string;
  /** Who writes (allocations an advance makes are theirs). */
  userId: string;
  /** Index of the step running (batch request index; 0 for a single call). */
  step: number;
  /** Deliveries touched so far, locked on first touch, with the last step that touched them. */
  touched: Map<
    string,
    {
      siteId: string;
      row: repo.DeliveryRow;
      lastStep: number;
      /** The delivery (with its lines) as it was before this work: the audit trail's "old". */
      audit: { finish: () => Promise<void> };
      /** A step asked to release an overpayment if the new total falls below what was paid. */
      release: boolean;
      /** What settling released (API.md "A record that drops below what was paid"). */
      released: Released[];
      /** Where the bill's tax goes, read on the first line with a GST rate. */
      place?: TaxPlace;
      /** PO lines whose receipts its lines changed, and those now received against. */
      orderLines: Set<string>;
      receivedLines: Set<string>;
      /** The items of its lines before this work (their budget lines re-sum). */
      itemsBefore: string[];
    }
  >;
  /** PO lines whose receipts changed, per site, with the last step that touched each. */
  orderLines: Map<string, Map<string, number>>;
  /** Ids for new lines, ascending so that lines keep the order they were sent in. */
  nextId: () => string;
}

export function startLineWork(
  trx: Transaction<Database>,
  now: string,
  userId: string,
  newLines: number,
): LineWork {
  const ids = Array.from({ length: newLines }, () => newId()).sort();
  let used = 0;
  return {
    trx,
    now,
    userId,
    step: 0,
    touched: new Map(),
    orderLines: new Map(),
    nextId: () => ids[used++] ?? newId(),
  };
}

async function touchDelivery(
  work: LineWork,
  siteId: string,
  deliveryId: string,
): Promise<repo.DeliveryRow | undefined> {
  const known = work.touched.get(deliveryId);
  if (known) {
    if (known.siteId !== siteId) return undefined;
    known.lastStep = work.step;
    return known.row;
  }
  const row = await repo.lockDelivery(work.trx, siteId, deliveryId);
  if (row) {
    const audit = await auditStart(work.trx, {
      entity: 'deliveries',
      siteId,
      id: deliveryId,
      action: 'update',
    });
    work.touched.set(deliveryId, {
      siteId,
      row,
      lastStep: work.step,
      audit,
      release: false,
      released: [],
      orderLines: new Set(),
      receivedLines: new Set(),
      itemsBefore: await repo.itemsOfDelivery(work.trx, deliveryId),
    });
  }
  return row;
}

/** The item's default GST rate (stored hundredths); an unknown item is refused. */
async function checkItem(
  work: LineWork,
  siteId: string,
  itemId: string,
  /** The delivery's date: the item's rate in force then (issue 40 item 9). */
  date?: string,
): Promise<number | null> {
  let found = await repo.itemRates(work.trx, siteId, [itemId]);
  if (date && found.has(itemId)) found = await ratesOnDate(work.trx, siteId, 'item', found, date);
  if (!found.has(itemId)) {
    throw new AppError('VALIDATION_FAILED', {
      item: { code: 'invalid_reference', message: 'Unknown item' },
    });
  }
  return found.get(itemId)!;
}

/** A line's heads at `rate`, with the delivery's tax place read once per delivery. */
async function headsFor(
  work: LineWork,
  siteId: string,
  deliveryId: string,
  taxable: number,
  rate: number | null,
) {
  if (rate === null || rate === 0) return lineHeads(taxable, rate, NO_PLACE, 'gst_rate');
  const entry = work.touched.get(deliveryId)!;
  // The bill's recorded vendor, not the vendor master as it is now (issue 40).
  entry.place ??= await recordedPlace(
    work.trx,
    siteId,
    entry.row,
    entry.row.place_of_supply,
    entry.row.reverse_charge === 1,
  );
  return lineHeads(taxable, rate, entry.place, 'gst_rate');
}

/**
 * Remembers that a delivery's line changed a PO line's receipts in this step (settled with the
 * deliveries); `received`: the line is now received against it (its order's advances pay).
 */
function touchOrderLine(
  work: LineWork,
  siteId: string,
  deliveryId: string,
  orderLine: string | null,
  received = false,
): void {
  if (!orderLine) return;
  const lines = work.orderLines.get(siteId) ?? new Map<string, number>();
  lines.set(orderLine, work.step);
  work.orderLines.set(siteId, lines);
  const entry = work.touched.get(deliveryId)!;
  entry.orderLines.add(orderLine);
  if (received) entry.receivedLines.add(orderLine);
}

/** A line that names a PO line: of an issued PO of the delivery's vendor, for the same item. */
async function checkOrderLine(
  work: LineWork,
  siteId: string,
  deliveryId: string,
  item: string,
  orderLine: string,
): Promise<void> {
  const vendor = work.touched.get(deliveryId)!.row.vendor;
  await checkReceiptLinks(work.trx, siteId, vendor, [
    { field: 'purchase_order_line', item, purchase_order_line: orderLine },
  ]);
}

const NO_PLACE: TaxPlace = { vendorState: null, regular: false, placeOfSupply: null };

export async function addLine(
  work: LineWork,
  siteId: string,
  userId: string,
  input: DeliveryItemCreate,
): Promise<repo.DeliveryItemRow> {
  // Another site's delivery reads exactly like a missing one (spec part 5).
  const delivery = await touchDelivery(work, siteId, input.delivery);
  if (!delivery) {
    throw new AppError('VALIDATION_FAILED', {
      delivery: { code: 'invalid_reference', message: 'Unknown delivery' },
    });
  }
  const itemRate = await checkItem(work, siteId, input.item, delivery.delivery_date);
  if (input.purchase_order_line) {
    await checkOrderLine(work, siteId, input.delivery, input.item, input.purchase_order_line);
    touchOrderLine(work, siteId, input.delivery, input.purchase_order_line, true);
  }
  const amounts = lineAmounts(input.quantity, input.unit_price, 'total_amount');
  const rate =
    input.gst_rate === undefined
      ? itemRate
      : input.gst_rate === null
        ? null
        : rateToStored(input.gst_rate);
  const row: repo.DeliveryItemRow = {
    id: work.nextId(),
    site_id: siteId,
    delivery: input.delivery,
    item: input.item,
    ...amounts,
    gst_rate: rate,
    ...(await headsFor(work, siteId, input.delivery, amounts.total_amount, rate)),
    purchase_order_line: input.purchase_order_line ?? null,
    notes: input.notes || null,
    created_by: userId,
    created: work.now,
    updated: work.now,
  };
  await repo.insertDeliveryItems(work.trx, [row]);
  return row;
}

async function findLine(work: LineWork, siteId: string, id: string) {
  const line = await repo.findDeliveryItem(work.trx, siteId, id);
  if (!line) throw notFound('Delivery item');
  await touchDelivery(work, siteId, line.delivery);
  return line;
}

export async function changeLine(
  work: LineWork,
  siteId: string,
  id: string,
  input: DeliveryItemUpdate,
): Promise<repo.DeliveryItemRow> {
  const line = await findLine(work, siteId, id);
  if (input.release_overpayment) work.touched.get(line.delivery)!.release = true;
  // Returned goods stay what they were: a returned line keeps its item and at least the
  // returned quantity, or the return would point at goods that were never delivered.
  const itemChanges = input.item !== undefined && input.item !== line.item;
  if (itemChanges || input.quantity !== undefined) {
    const returned = await repo.returnedQuantity(work.trx, id);
    const returnedAtAll = itemChanges && (await repo.lineIsReturned(work.trx, id));
    if (returnedAtAll || (input.quantity !== undefined && toMilli(input.quantity) < returned)) {
      throw new AppError('DELIVERY_HAS_PAYMENTS', {
        variant: 'returned_line',
        returned: fromMilli(returned),
      });
    }
  }
  if (itemChanges && input.item) await checkItem(work, siteId, input.item);
  // Received against a PO line: a new link, item or quantity is judged against that PO.
  const orderLine =
    input.purchase_order_line !== undefined ? input.purchase_order_line : line.purchase_order_line;
  if (orderLine && (orderLine !== line.purchase_order_line || itemChanges)) {
    await checkOrderLine(work, siteId, line.delivery, input.item ?? line.item, orderLine);
  }
  if (orderLine !== line.purchase_order_line || input.quantity !== undefined) {
    touchOrderLine(work, siteId, line.delivery, line.purchase_order_line);
    touchOrderLine(work, siteId, line.delivery, orderLine, true);
  }
  const stored = apiFields('delivery_items', line, ['quantity', 'unit_price']);
  const amounts: Partial<LineAmounts> =
    input.quantity !== undefined || input.unit_price !== undefined
      ? lineAmounts(
          input.quantity ?? stored.quantity,
          input.unit_price ?? stored.unit_price,
          'total_amount',
        )
      : {};
  const changes: Partial<repo.DeliveryItemRow> = { ...amounts, updated: work.now };
  if (input.gst_rate !== undefined) {
    changes.gst_rate = input.gst_rate === null ? null : rateToStored(input.gst_rate);
  }
  if (input.gst_rate !== undefined || amounts.total_amount !== undefined) {
    Object.assign(
      changes,
      await headsFor(
        work,
        siteId,
        line.delivery,
        amounts.total_amount ?? line.total_amount,
        changes.gst_rate !== undefined ? changes.gst_rate : line.gst_rate,
      ),
    );
  }
  if (input.item !== undefined) changes.item = input.item;
  if (input.purchase_order_line !== undefined) changes.purchase_order_line = orderLine;
  if (input.notes !== undefined) changes.notes = input.notes || null;
  await repo.updateDeliveryItem(work.trx, siteId, id, changes);
  return { ...line, ...changes };
}

export async function removeLine(
  work: LineWork,
  siteId: string,
  id: string,
  release = false,
): Promise<void> {
  const line = await findLine(work, siteId, id);
  if (release) work.touched.get(line.delivery)!.release = true;
  // A returned line is part of a return's record and its money.
  if (await repo.lineIsReturned(work.trx, id)) {
    throw new AppError('RECORD_IN_USE', { entity: 'delivery item' });
  }
  await repo.deleteDeliveryItem(work.trx, siteId, id);
  touchOrderLine(work, siteId, line.delivery, line.purchase_order_line);
}

/**
 * Recomputes every touched delivery from its lines and checks the whole-delivery rules, then
 * settles what the change sets off (platform/tx-events.ts: PO receipts, below-paid settlement,
 * advances, stock). A failure comes back with the step that last touched the delivery (or the PO
 * line a receipt refusal names), for the batch to report.
 */
export async function settle(work: LineWork): Promise<void> {
  const events = new Map<string, DeliveryChanged>();
  for (const [deliveryId, entry] of work.touched) {
    try {
      const lineFigures = await repo.lineFigures(work.trx, entry.siteId, deliveryId);
      if (lineFigures.count === 0) throw new AppError('DELIVERY_NEEDS_ITEM');
      const { row } = entry;
      // Heads set to the supplier's invoice stay only while within ₹1 of the recomputed ones.
      const over = await settleStoredOverrides(
        work.trx,
        entry.siteId,
        deliveryId,
        lineFigures,
        row.tax_overrides,
      );
      const figures = over.figures;
      const { itemised: _itemised, ...tax } = taxFromLines(figures, manualTax(row));
      const totals = {
        ...deliveryTotals(
          figures.total,
          tax.tax_amount,
          row.round_off,
          row.paid_amount,
          row.reverse_charge === 1,
        ),
        cgst_amount: tax.cgst_amount,
        sgst_amount: tax.sgst_amount,
        igst_amount: tax.igst_amount,
      };
      await repo.updateDelivery(work.trx, entry.siteId, deliveryId, {
        ...totals,
        tax_overrides: over.text,
        payment_status: deliveryPaymentStatus(
          totals.total_amount - row.tds_amount,
          row.paid_amount,
        ),
        updated: work.now,
      });
      const event = publishDeliveryChanged(
        work.trx,
        { siteId: entry.siteId, userId: work.userId },
        { ...row, id: deliveryId, total_amount: totals.total_amount },
        work.now,
        {
          orderLines: [...entry.orderLines],
          receivedLines: [...entry.receivedLines],
          itemsBefore: entry.itemsBefore,
          release: entry.release,
        },
      );
      events.set(deliveryId, event);
    } catch (error) {
      if (error instanceof AppError) throw new SettleError(entry.lastStep, error);
      throw error;
    }
  }
  try {
    await settleTxEvents(work.trx);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new SettleError(failedStep(work, error) ?? work.step, error);
  }
  for (const [deliveryId, entry] of work.touched) {
    entry.released = events.get(deliveryId)?.released ?? [];
    // A line change is recorded as a change of its delivery: lines and totals, old and new.
    await entry.audit.finish();
  }
}

/** The step a subscriber's refusal belongs to: the PO line's last step, or the delivery's. */
function failedStep(work: LineWork, error: AppError): number | undefined {
  const line = error.data.purchase_order_line;
  if (typeof line === 'string') {
    for (const lines of work.orderLines.values()) {
      const step = lines.get(line);
      if (step !== undefined) return step;
    }
  }
  const [event] = eventsOf(error) as readonly Partial<DeliveryChanged>[];
  const delivery = event?.delivery?.id;
  return delivery ? work.touched.get(delivery)?.lastStep : undefined;
}

export class SettleError extends Error {
  constructor(
    readonly step: number,
    readonly error: AppError,
  ) {
    super(error.code);
    this.name = 'SettleError';
  }
}
