import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  LOCK_RANK,
  publish,
  type DeliveryChanged,
  type ReceiptsSettled,
  type TxSubscriber,
} from '../../platform/tx-events.js';
import { applyAdvances } from './po-advances.js';
import { settleReceipts } from './po-receipts.js';
import { linesWithOrder } from './purchase-orders-repo.js';

/**
 * Deliveries' lines that name PO lines, written, changed or removed: the PO lines' receipts re-sum
 * and the orders' statuses follow (`settleReceipts`: every order of the write locked at once, in
 * id order). Then each delivery that received goods against orders is told so, for the advances
 * set aside for them.
 */
async function settleDeliveryReceipts(
  trx: Transaction<Database>,
  events: readonly DeliveryChanged[],
): Promise<void> {
  const bySite = new Map<string, { lines: string[]; now: string }>();
  for (const event of events) {
    const site = bySite.get(event.siteId) ?? { lines: [], now: event.now };
    site.lines.push(...event.orderLines);
    bySite.set(event.siteId, site);
  }
  for (const [siteId, { lines, now }] of bySite) {
    await settleReceipts(trx, siteId, lines, now);
  }
  for (const event of events) {
    if (event.deleted || event.receivedLines.length === 0) continue;
    const orders = await linesWithOrder(trx, event.siteId, event.receivedLines);
    const settled: ReceiptsSettled = {
      siteId: event.siteId,
      userId: event.userId,
      now: event.now,
      delivery: event.delivery,
      orders: [...new Set(orders.map((l) => l.purchase_order))].sort(),
    };
    publish(trx, 'purchase_order.receipts_settled', settled);
  }
}

export const receiptSubscribers = [
  {
    name: 'purchasing.receipts',
    event: 'delivery.changed',
    rank: LOCK_RANK.purchaseOrders,
    mode: 'all',
    handle: settleDeliveryReceipts,
  } satisfies TxSubscriber<'delivery.changed'>,
  {
    name: 'purchasing.advances',
    event: 'purchase_order.receipts_settled',
    rank: LOCK_RANK.paymentsAdvanced,
    mode: 'each',
    handle: (trx, [event]) => applyAdvances(trx, event!),
  } satisfies TxSubscriber<'purchase_order.receipts_settled'>,
] as const;
