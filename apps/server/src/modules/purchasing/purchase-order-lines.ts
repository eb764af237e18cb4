import { fromMilli, rateToStored, toMilli, type PurchaseOrderLineInput } from '@siteledger/domain';
import { checkBudgetLineRef } from '../../db/site-refs.js';
import type { Executor } from '../../db/executor.js';
import { newId } from '../../db/ids.js';
import { AppError } from '../../platform/errors.js';
import { lineHeads, loadTaxPlace } from '../../platform/gst-profile.js';
import { lineAmounts } from '../deliveries/totals.js';
import { itemRates } from '../deliveries/deliveries-repo.js';
import * as repo from './purchase-orders-repo.js';

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { [field]: { code: 'invalid_reference', message } });
}

export interface LinePlan {
  /** Rows to insert (new lines) and to update (kept lines), all with their amounts and tax. */
  inserts: repo.OrderLineRow[];
  updates: repo.OrderLineRow[];
  /** Kept lines no longer sent. */
  removed: repo.OrderLineRow[];
}

/**
 * The PO's lines as sent, checked and priced: items of the site (default GST rate the item's),
 * request lines of the PO's request for the same item, never below what was received, amounts
 * rounded once and GST split by the vendor's state against the site's.
 */
export async function planLines(
  db: Executor,
  input: {
    siteId: string;
    userId: string;
    orderId: string;
    vendor: string;
    materialRequest: string | null;
    lines: readonly PurchaseOrderLineInput[];
    existing: readonly repo.OrderLineRow[];
    now: string;
  },
): Promise<LinePlan> {
  const { siteId, lines } = input;
  for (const [i, line] of lines.entries()) {
    if (line.budget_line) {
      await checkBudgetLineRef(db, siteId, line.budget_line, `lines.${i}.budget_line`);
    }
  }
  const rates = await itemRates(
    db,
    siteId,
    lines.map((l) => l.item),
  );
  const requestLines = input.materialRequest
    ? new Map(
        (await repo.requestLines(db, siteId, input.materialRequest)).map((l) => [l.id, l.item]),
      )
    : new Map<string, string>();
  const existing = new Map(input.existing.map((l) => [l.id, l]));
  const place = await loadTaxPlace(db, siteId, input.vendor, null);
  const newIds = lines.map(() => newId()).sort();
  const plan: LinePlan = { inserts: [], updates: [], removed: [] };
  const kept = new Set<string>();
  lines.forEach((line, i) => {
    const field = (name: string) => `lines.${i}.${name}`;
    if (!rates.has(line.item)) throw invalid(field('item'), 'Unknown item');
    const before = line.id ? existing.get(line.id) : undefined;
    if (line.id && (!before || kept.has(line.id))) throw invalid(field('id'), 'Unknown line');
    if (line.material_request_item) {
      const item = requestLines.get(line.material_request_item);
      if (!item) throw invalid(field('material_request_item'), 'Not a line of this request');
      if (item !== line.item) {
        throw invalid(field('material_request_item'), 'The request line is for another item');
      }
    }
    const received = before ? Number(before.received_quantity) : 0;
    if (before && received > 0) {
      if (toMilli(line.quantity) < received) {
        throw new AppError('PO_QUANTITY_BELOW_RECEIVED', {
          line: before.id,
          received: fromMilli(received),
          requested: line.quantity,
        });
      }
      if (line.item !== before.item) {
        throw invalid(field('item'), 'Goods were received on this line: its item stays');
      }
    }
    const amounts = lineAmounts(line.quantity, line.unit_price, field('total_amount'));
    const rate =
      line.gst_rate === undefined
        ? (rates.get(line.item) ?? null)
        : line.gst_rate === null
          ? null
          : rateToStored(line.gst_rate);
    const row: repo.OrderLineRow = {
      id: before?.id ?? newIds[i]!,
      site_id: siteId,
      purchase_order: input.orderId,
      item: line.item,
      material_request_item: line.material_request_item ?? null,
      ...amounts,
      gst_rate: rate,
      ...lineHeads(amounts.total_amount, rate, place, field('gst_rate')),
      received_quantity: received,
      receipt_tolerance: before ? Number(before.receipt_tolerance) : 0,
      budget_line: line.budget_line ?? null,
      created_by: before?.created_by ?? input.userId,
      created: before?.created ?? input.now,
      updated: input.now,
    };
    if (before) {
      kept.add(before.id);
      plan.updates.push(row);
    } else {
      plan.inserts.push(row);
    }
  });
  for (const line of input.existing) {
    if (kept.has(line.id)) continue;
    if (Number(line.received_quantity) > 0) {
      throw new AppError('PO_QUANTITY_BELOW_RECEIVED', {
        line: line.id,
        received: fromMilli(Number(line.received_quantity)),
        requested: 0,
      });
    }
    plan.removed.push(line);
  }
  return plan;
}

/** The order's totals from its lines (paise). */
export function orderTotals(lines: readonly repo.OrderLineRow[]) {
  const sum = (pick: (l: repo.OrderLineRow) => number) =>
    lines.reduce((total, line) => total + Number(pick(line)), 0);
  const items_total = sum((l) => l.total_amount);
  const cgst_amount = sum((l) => l.cgst_amount);
  const sgst_amount = sum((l) => l.sgst_amount);
  const igst_amount = sum((l) => l.igst_amount);
  const tax_amount = cgst_amount + sgst_amount + igst_amount;
  return {
    items_total,
    cgst_amount,
    sgst_amount,
    igst_amount,
    tax_amount,
    total_amount: items_total + tax_amount,
  };
}
