import {
  fromMilli,
  purchaseOrderMay,
  receiptLimit,
  receivedStatus,
  type PurchaseOrderStatus,
} from '@siteledger/domain';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './purchase-orders-repo.js';

/**
 * After delivery lines that name PO lines were written, changed or removed: locks their POs (id
 * order), re-sums each PO line's received quantity from the delivery lines, refuses a line whose
 * receipts went up past ordered + the site's tolerance (400 PO_QUANTITY_EXCEEDED, the whole write
 * rolls back) or against an order that no longer receives (400 PO_NOT_ISSUED: cancelled or closed
 * meanwhile) and sets the PO's status. Answers the ids of the POs it settled. The lock comes before the sums, so two deliveries racing
 * for the last open quantity are judged one after the other: exactly one wins.
 */
export async function settleReceipts(
  db: Executor,
  siteId: string,
  orderLineIds: readonly string[],
  now: string,
): Promise<string[]> {
  const ids = [...new Set(orderLineIds)];
  if (ids.length === 0) return [];
  const lines = await repo.linesWithOrder(db, siteId, ids);
  const orders = await repo.lockOrders(
    db,
    siteId,
    lines.map((l) => l.purchase_order),
  );
  const tolerance = await repo.overReceiptTolerance(db, siteId);
  // Read again under the locks: what another write committed meanwhile counts.
  const current = new Map((await repo.linesWithOrder(db, siteId, ids)).map((l) => [l.id, l]));
  const received = await repo.receivedBy(db, ids);
  for (const id of ids) {
    const line = current.get(id);
    if (!line) continue;
    const before = Number(line.received_quantity);
    const after = received.get(id) ?? 0;
    const ordered = Number(line.quantity);
    const rises = after > before;
    // A cancel or close that committed while this write waited for the lock wins: goods are
    // never received against an order that no longer takes them (checkReceiptLinks read the
    // status before the lock).
    if (rises && !purchaseOrderMay('receive', line.status)) {
      throw new AppError('PO_NOT_ISSUED', { status: line.status, purchase_order_line: id });
    }
    if (rises && after > receiptLimit(ordered, tolerance)) {
      throw new AppError('PO_QUANTITY_EXCEEDED', {
        purchase_order_line: id,
        ordered: fromMilli(ordered),
        received: fromMilli(before),
        requested: fromMilli(after - before),
      });
    }
    // The line keeps the tolerance its receipts were judged by (a later, lower tolerance does
    // not make them wrong); a lowered receipt keeps the one it had.
    if (after !== before) {
      await repo.updateLine(db, id, {
        received_quantity: after,
        ...(rises ? { receipt_tolerance: tolerance } : {}),
        updated: now,
      });
    }
  }
  for (const order of orders) {
    const all = await repo.linesOf(db, siteId, [order.id]);
    const status = receivedStatus(
      order.status,
      all.map((l) => ({
        quantity: Number(l.quantity),
        received_quantity: Number(l.received_quantity),
      })),
    );
    if (status !== order.status) {
      await repo.updateOrder(db, siteId, order.id, {
        status: status as PurchaseOrderStatus,
        updated: now,
      });
    }
  }
  return orders.map((o) => o.id);
}
