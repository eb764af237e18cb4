import { deliveryPaymentStatus } from '@siteledger/domain';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Trx = Transaction<Database>;

/** paid_amount = Σ allocations, re-summed in SQL, and the status from it. */
export async function refreshBills(trx: Trx, ids: readonly string[], now: string) {
  if (ids.length === 0) return;
  const rows = await trx
    .updateTable('ra_bills')
    .set({
      paid_amount: sql<number>`coalesce((select sum(a.allocated_amount) from ra_bill_allocations a
        where a.ra_bill = ra_bills.id), 0)`,
      updated: now,
    })
    .where('id', 'in', [...new Set(ids)])
    .returning(['id', 'net_payable', 'paid_amount', 'payment_status'])
    .execute();
  for (const row of rows) {
    const status = deliveryPaymentStatus(Number(row.net_payable), Number(row.paid_amount));
    if (status === row.payment_status) continue;
    await trx
      .updateTable('ra_bills')
      .set({ payment_status: status })
      .where('id', '=', row.id)
      .execute();
  }
}
