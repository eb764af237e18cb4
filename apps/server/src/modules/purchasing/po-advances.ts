import { type PurchaseOrderAdvanceCreate, type PurchaseOrderAdvances } from '@siteledger/domain';
import { rupees } from '../../platform/record-shape.js';
import type { Transaction } from 'kysely';
import { newId, nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { auditStart } from '../../platform/audit.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { SiteScope } from '../../platform/scope.js';
import { publish, type AllocationAsked, type ReceiptsSettled } from '../../platform/tx-events.js';
import * as repo from './po-advances-repo.js';
import { findOrder, lockOrders } from './purchase-orders-repo.js';

function invalidPayment(message: string): AppError {
  return new AppError('VALIDATION_FAILED', {
    payment: { code: 'invalid_reference', message },
  });
}

/** GET …/purchase_orders/{id}/advances. */
export async function listAdvances(scope: SiteScope, id: string): Promise<PurchaseOrderAdvances> {
  const { ctx, siteId } = scope;
  if (!(await findOrder(ctx.db.kysely, siteId, id))) throw notFound('Purchase order');
  const rows = await repo.advancesOf(ctx.db.kysely, siteId, [id]);
  return {
    items: rows.map((r) => ({
      payment: r.payment,
      payment_date: r.payment_date,
      reference: r.reference,
      ...rupees({ amount: r.amount, unapplied: r.unapplied }),
    })),
  };
}

/**
 * POST …/purchase_orders/{id}/advances `{ payment }`: a payment of the order's vendor is set aside
 * for an open order; what of it is unallocated pays the order's deliveries as they arrive.
 */
export async function addAdvance(
  scope: SiteScope,
  id: string,
  input: PurchaseOrderAdvanceCreate,
): Promise<PurchaseOrderAdvances> {
  const { ctx, siteId, userId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    // The order, then the payment, held to the end: a cancel or another set-aside of the payment
    // (to this order or another) is judged after this one, and a deleted payment is a 400.
    const [order] = await lockOrders(trx, siteId, [id]);
    if (!order) throw notFound('Purchase order');
    if (order.status === 'closed' || order.status === 'cancelled') {
      throw new AppError('INVALID_STATUS', { status: order.status });
    }
    const payment = await repo.lockPaymentForAdvance(trx, siteId, input.payment);
    if (!payment) throw invalidPayment('Unknown payment');
    if (payment.vendor !== order.vendor) throw invalidPayment('The payment is to another vendor');
    if (payment.purchase_order) {
      if (payment.purchase_order === id) return;
      throw invalidPayment('The payment is already an advance for another purchase order');
    }
    const audit = await auditStart(trx, {
      entity: 'purchase_orders',
      siteId,
      id,
      action: 'update',
    });
    const now = nowIso();
    await trx
      .insertInto('purchase_order_advances')
      .values({
        id: newId(),
        site_id: siteId,
        purchase_order: id,
        payment: input.payment,
        created_by: userId,
        created: now,
        updated: now,
      })
      .execute();
    await audit.finish();
  });
  return listAdvances(scope, id);
}

/** DELETE …/purchase_orders/{id}/advances/{payment}: the payment is no longer set aside. */
export async function removeAdvance(scope: SiteScope, id: string, payment: string): Promise<void> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const audit = await auditStart(trx, {
      entity: 'purchase_orders',
      siteId,
      id,
      action: 'update',
    });
    const result = await trx
      .deleteFrom('purchase_order_advances')
      .where('site_id', '=', siteId)
      .where('purchase_order', '=', id)
      .where('payment', '=', payment)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('Advance');
    await audit.finish();
  });
}

/**
 * A delivery received against purchase orders is paid from the advances set aside for them, oldest
 * payment first, up to what it owes — in the delivery's transaction, after its receipts settled
 * (subscriber of `purchase_order.receipts_settled`). Purchasing decides which payments pay what;
 * the payments module writes the allocations (`payment.allocations_changed`).
 */
export async function applyAdvances(
  trx: Transaction<Database>,
  event: ReceiptsSettled,
): Promise<void> {
  const { siteId, delivery } = event;
  if (event.orders.length === 0) return;
  // What the delivery owes leaves out its TDS (API.md "TDS").
  let due = delivery.total_amount - delivery.tds_amount - delivery.paid_amount;
  if (due <= 0) return;
  const open = await repo.lockOpenAdvances(trx, siteId, event.orders);
  const allocations: AllocationAsked[] = [];
  for (const payment of open) {
    if (due <= 0) break;
    const amount = Math.min(due, payment.amount - payment.allocated);
    allocations.push({
      payment: payment.id,
      amount,
      paymentAmount: payment.amount,
      allocatedBefore: payment.allocated,
    });
    due -= amount;
  }
  if (allocations.length === 0) return;
  publish(trx, 'payment.allocations_changed', {
    siteId,
    userId: event.userId,
    now: event.now,
    delivery,
    allocations,
  });
}
