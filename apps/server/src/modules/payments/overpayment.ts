import { allocationState } from '@siteledger/domain';
import { rupees } from '../../platform/record-shape.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { auditStart } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './payments-repo.js';

/** A payment's allocation given back by a lowered record (rupees), as the reply names it. */
export interface Released {
  payment: string;
  amount: number;
}

export interface BelowPaid {
  siteId: string;
  kind: 'delivery' | 'service_booking';
  id: string;
  /** The record's new total and what is paid towards it now (paise). */
  total: number;
  paid: number;
  /** The request's `release_overpayment`. */
  release: boolean;
  now: string;
}

/**
 * A delivery or booking whose new total is below what was paid (API.md "A record that drops
 * below what was paid"): without `release_overpayment`, 409 TOTAL_BELOW_PAID naming the payments
 * allocated to it; with it, those allocations shrink, newest payment first, until paid = total.
 * What they give back stays on the payments as advance (their allocation state follows). The
 * caller holds the record's lock (no allocation to it can change meanwhile) and re-sums its paid
 * amount afterwards. Payments are locked after the record, by id: the order every money write
 * takes (an edited payment locks its deliveries and bookings before itself).
 */
export async function settleBelowPaid(
  trx: Transaction<Database>,
  input: BelowPaid,
): Promise<{ released: Released[]; paid: number }> {
  if (input.total >= input.paid) return { released: [], paid: input.paid };
  const allocations = await repo.allocationsToTarget(trx, input.siteId, input.kind, input.id);
  if (!input.release) {
    const byPayment = new Map<string, number>();
    for (const a of allocations)
      byPayment.set(a.payment, (byPayment.get(a.payment) ?? 0) + a.allocated_amount);
    throw new AppError('TOTAL_BELOW_PAID', {
      ...rupees({ total: input.total, paid: input.paid }),
      payments: [...byPayment].map(([id, amount]) => ({
        id,
        ...rupees({ amount_allocated: amount }),
      })),
    });
  }
  const payments = await repo.lockPaymentsById(
    trx,
    input.siteId,
    allocations.map((a) => a.payment),
  );
  // Each shrunk payment's trail shows its allocations before and after.
  const audits = [];
  for (const payment of payments) {
    audits.push(
      await auditStart(trx, {
        entity: 'payments',
        siteId: input.siteId,
        id: payment.id,
        action: 'update',
      }),
    );
  }
  let excess = input.paid - input.total;
  const released = new Map<string, number>();
  for (const allocation of allocations) {
    if (excess <= 0) break;
    const cut = Math.min(allocation.allocated_amount, excess);
    await repo.setAllocationAmount(
      trx,
      input.siteId,
      allocation.id,
      allocation.allocated_amount - cut,
      input.now,
    );
    released.set(allocation.payment, (released.get(allocation.payment) ?? 0) + cut);
    excess -= cut;
  }
  const allocated = await repo.allocatedByPayment(trx, input.siteId, [...released.keys()]);
  for (const payment of payments) {
    if (!released.has(payment.id)) continue;
    await repo.updatePayment(trx, input.siteId, payment.id, {
      allocation_state: allocationState(payment.amount, allocated.get(payment.id) ?? 0),
      updated: input.now,
    });
  }
  for (const audit of audits) await audit.finish();
  // paid_amount is always Σ allocations, re-summed in SQL.
  const [target] =
    input.kind === 'delivery'
      ? await repo.recomputePaid(trx, 'deliveries', input.siteId, [input.id])
      : await repo.recomputePaid(trx, 'service_bookings', input.siteId, [input.id]);
  return {
    released: [...released].map(([payment, amount]) => ({ payment, ...rupees({ amount }) })),
    paid: target!.paid_amount,
  };
}
