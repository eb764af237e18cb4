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

/**
 * A labour contractor's wage sheets (API.md "Labour"): paid_amount = Σ allocations, the status
 * from what the sheet owes (net − TDS); a sheet paid in full is `paid`, else back to approved
 * (or draft when it never was).
 */
export async function refreshSheets(trx: Trx, ids: readonly string[], now: string) {
  if (ids.length === 0) return;
  const rows = await trx
    .updateTable('wage_sheets')
    .set({
      paid_amount: sql<number>`coalesce((select sum(a.allocated_amount) from wage_sheet_allocations a
        where a.wage_sheet = wage_sheets.id), 0)`,
      updated: now,
    })
    .where('id', 'in', [...new Set(ids)])
    .returning(['id', 'net', 'tds_amount', 'paid_amount', 'approved_at'])
    .execute();
  for (const row of rows) {
    const payment_status = deliveryPaymentStatus(
      Number(row.net) - Number(row.tds_amount),
      Number(row.paid_amount),
    );
    const status =
      payment_status === 'paid' ? 'paid' : row.approved_at !== null ? 'approved' : 'draft';
    await trx
      .updateTable('wage_sheets')
      .set({ payment_status, status })
      .where('id', '=', row.id)
      .execute();
  }
}
