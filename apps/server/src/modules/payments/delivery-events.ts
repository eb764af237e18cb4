import { allocationState } from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { newId } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { auditStart } from '../../platform/audit.js';
import {
  LOCK_RANK,
  type AllocationsChanged,
  type DeliveryChanged,
  type TxSubscriber,
} from '../../platform/tx-events.js';
import { settleBelowPaid } from './overpayment.js';
import { refreshTargets } from './payment-rules.js';

/**
 * A delivery whose new total is below what was paid (API.md "A record that drops below what was
 * paid"): 409 TOTAL_BELOW_PAID, or with `release_overpayment` its allocations shrink. What was
 * released goes back on the event for the reply; the delivery's paid amount and status follow.
 */
async function settleDeliveryBelowPaid(
  trx: Transaction<Database>,
  event: DeliveryChanged,
): Promise<void> {
  if (event.deleted) return;
  const { delivery } = event;
  const settled = await settleBelowPaid(trx, {
    siteId: event.siteId,
    kind: 'delivery',
    id: delivery.id,
    // What the delivery owes: its total less its TDS (API.md "TDS").
    total: delivery.total_amount - delivery.tds_amount,
    paid: delivery.paid_amount,
    release: event.release,
    now: event.now,
  });
  if (settled.released.length === 0) return;
  event.released.push(...settled.released);
  delivery.paid_amount = settled.paid;
  await refreshTargets(trx, event.siteId, [delivery.id], [], event.now);
}

/**
 * Allocations others decided (advances set aside for a purchase order paying its delivery),
 * written as a payment edit writes them: each payment's trail, its allocation state, and the
 * delivery's paid amount and status.
 */
async function writeAllocations(
  trx: Transaction<Database>,
  event: AllocationsChanged,
): Promise<void> {
  const { siteId, delivery, now } = event;
  for (const allocation of event.allocations) {
    const audit = await auditStart(trx, {
      entity: 'payments',
      siteId,
      id: allocation.payment,
      action: 'update',
    });
    await trx
      .insertInto('payment_allocations')
      .values({
        id: newId(),
        site_id: siteId,
        payment: allocation.payment,
        delivery: delivery.id,
        service_booking: null,
        allocated_amount: allocation.amount,
        created_by: event.userId,
        created: now,
        updated: now,
      })
      .execute();
    await trx
      .updateTable('payments')
      .set({
        allocation_state: allocationState(
          allocation.paymentAmount,
          allocation.allocatedBefore + allocation.amount,
        ),
        updated: now,
      })
      .where('id', '=', allocation.payment)
      .execute();
    await audit.finish();
    delivery.paid_amount += allocation.amount;
  }
  if (event.allocations.length > 0) await refreshTargets(trx, siteId, [delivery.id], [], now);
}

export const paymentSubscribers = [
  {
    name: 'payments.below_paid',
    event: 'delivery.changed',
    rank: LOCK_RANK.paymentsReleased,
    mode: 'each',
    handle: (trx, [event]) => settleDeliveryBelowPaid(trx, event!),
  } satisfies TxSubscriber<'delivery.changed'>,
  {
    name: 'payments.allocations',
    event: 'payment.allocations_changed',
    rank: LOCK_RANK.allocations,
    mode: 'each',
    handle: (trx, [event]) => writeAllocations(trx, event!),
  } satisfies TxSubscriber<'payment.allocations_changed'>,
] as const;
