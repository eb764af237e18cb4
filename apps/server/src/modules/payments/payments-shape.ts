import {
  type CreditNoteUsage,
  type Payment,
  type PaymentAllocation,
  type RefCreditNoteUsed,
  type RefPayment,
} from '@siteledger/domain';
import type { AllocationRow, PaymentRow, UsageRow } from './payments-repo.js';
import * as repo from './payments-repo.js';
import * as refs from './payment-refs-repo.js';
import type { Executor } from '../../db/executor.js';
import { vendorAndAccountRefs, vendorRefs } from '../../db/site-refs.js';
import { apiFields, rupees } from '../../platform/record-shape.js';
import { byId, expandOf, refsIf } from '../../platform/expand-refs.js';
import { tdsFields } from '../../platform/tds-shape.js';

function toRefPayment(row: Awaited<ReturnType<typeof refs.paymentRefs>>[number]): RefPayment {
  return { ...row, ...apiFields('payments', row, ['amount']) };
}

function toRefCreditNote(
  row: Awaited<ReturnType<typeof refs.creditNoteRefs>>[number],
): RefCreditNoteUsed {
  return { ...row, ...apiFields('vendor_credit_notes', row, ['credit_amount', 'balance']) };
}

/** With `expand=payment`: the payments the rows name, by id. */
function paymentsNamed(
  db: Executor,
  siteId: string,
  rows: readonly { payment: string | null }[],
  expand: Set<string>,
) {
  return refsIf(expand.has('payment'), async () =>
    (
      await refs.paymentRefs(
        db,
        siteId,
        rows.map((r) => r.payment),
      )
    ).map(toRefPayment),
  );
}

export async function shapeAllocations(
  db: Executor,
  siteId: string,
  rows: AllocationRow[],
  expand: Set<string>,
): Promise<PaymentAllocation[]> {
  const deliveries = await refsIf(expand.has('delivery'), () =>
    refs.deliveryRefs(
      db,
      siteId,
      rows.map((r) => r.delivery),
    ),
  );
  const bookings = await refsIf(expand.has('service_booking'), () =>
    refs.bookingRefs(
      db,
      siteId,
      rows.map((r) => r.service_booking),
    ),
  );
  const payments = await paymentsNamed(db, siteId, rows, expand);
  return rows.map((row) => ({
    id: row.id,
    site: row.site_id,
    payment: row.payment,
    delivery: row.delivery,
    service_booking: row.service_booking,
    ...apiFields('payment_allocations', row, ['allocated_amount']),
    created: row.created,
    updated: row.updated,
    ...expandOf({
      delivery: row.delivery ? deliveries?.get(row.delivery) : undefined,
      service_booking: row.service_booking ? bookings?.get(row.service_booking) : undefined,
      payment: payments?.get(row.payment),
    }),
  }));
}

export async function shapeUsage(
  db: Executor,
  siteId: string,
  rows: UsageRow[],
  expand: Set<string>,
): Promise<CreditNoteUsage[]> {
  const notes = await refsIf(expand.has('credit_note'), async () =>
    (
      await refs.creditNoteRefs(
        db,
        siteId,
        rows.map((r) => r.credit_note),
      )
    ).map(toRefCreditNote),
  );
  const payments = await paymentsNamed(db, siteId, rows, expand);
  const vendors = await refsIf(expand.has('vendor'), () =>
    vendorRefs(
      db,
      siteId,
      rows.map((r) => r.vendor),
    ),
  );
  return rows.map((row) => ({
    id: row.id,
    site: row.site_id,
    credit_note: row.credit_note,
    ...apiFields('credit_note_usage', row, ['used_amount']),
    used_date: row.used_date,
    payment: row.payment,
    vendor: row.vendor,
    description: row.description,
    created: row.created,
    updated: row.updated,
    ...expandOf({
      credit_note: notes?.get(row.credit_note),
      payment: row.payment ? payments?.get(row.payment) : undefined,
      vendor: vendors?.get(row.vendor),
    }),
  }));
}

function group<T extends { payment: string | null }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    if (!row.payment) continue;
    const list = groups.get(row.payment) ?? [];
    list.push(row);
    groups.set(row.payment, list);
  }
  return groups;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Payments with their allocations and credit-note usage (two queries for a whole page) and the
 * figures derived from them. `expand`: vendor, account, payment_allocations (the delivery or
 * booking on each allocation), credit_note_usage (the note on each usage).
 */
export async function shapePayments(
  db: Executor,
  siteId: string,
  rows: PaymentRow[],
  expand: Set<string>,
  /** The allocations and usage of `rows` just written (in id order): not read back. */
  written?: { allocations: AllocationRow[]; usage: UsageRow[] },
): Promise<Payment[]> {
  const ids = rows.map((r) => r.id);
  const [allocationRows, usageRows] = written
    ? [written.allocations, written.usage]
    : await Promise.all([repo.allocationsOf(db, siteId, ids), repo.usageOf(db, siteId, ids)]);
  const allocationExpand = expand.has('payment_allocations')
    ? new Set(['delivery', 'service_booking'])
    : new Set<string>();
  const usageExpand = expand.has('credit_note_usage')
    ? new Set(['credit_note'])
    : new Set<string>();
  const allocationsById = byId(
    await shapeAllocations(db, siteId, allocationRows, allocationExpand),
  );
  const usageById = byId(await shapeUsage(db, siteId, usageRows, usageExpand));
  const allocations = group(allocationRows);
  const usage = group(usageRows);
  const { vendors, accounts } = await vendorAndAccountRefs(db, siteId, rows, expand);
  const billAllocations = group(await repo.raAllocationsOf(db, ids));
  const sheetAllocations = group(await repo.sheetAllocationsOf(db, ids));
  return rows.map((row) => {
    const own = allocations.get(row.id) ?? [];
    const used = usage.get(row.id) ?? [];
    const bills = billAllocations.get(row.id) ?? [];
    const sheets = sheetAllocations.get(row.id) ?? [];
    const creditPaise = sum(used.map((u) => u.used_amount));
    return {
      id: row.id,
      site: row.site_id,
      vendor: row.vendor,
      account: row.account,
      ...apiFields('payments', row, ['amount']),
      payment_date: row.payment_date,
      reference: row.reference,
      notes: row.notes,
      allocation_state: row.allocation_state,
      ...rupees({
        allocated_amount: sum([...own, ...bills, ...sheets].map((a) => a.allocated_amount)),
        credit_note_amount: creditPaise,
        // A work-order advance's TDS is withheld: the account paid the rest (API.md).
        account_amount: row.amount - creditPaise - row.tds_amount,
      }),
      deliveries: own.flatMap((a) => (a.delivery ? [a.delivery] : [])),
      service_bookings: own.flatMap((a) => (a.service_booking ? [a.service_booking] : [])),
      credit_notes: used.map((u) => u.credit_note),
      payment_allocations: own.map((a) => allocationsById.get(a.id)!),
      credit_note_usage: used.map((u) => usageById.get(u.id)!),
      work_order: row.work_order,
      ra_bill_allocations: bills.map((b) => ({
        ra_bill: b.ra_bill,
        ...rupees({ allocated_amount: b.allocated_amount }),
      })),
      wage_sheet_allocations: sheets.map((w) => ({
        wage_sheet: w.wage_sheet,
        ...rupees({ allocated_amount: w.allocated_amount }),
      })),
      ...tdsFields('payments', row),
      created: row.created,
      updated: row.updated,
      ...expandOf({
        vendor: vendors?.get(row.vendor),
        account: row.account ? accounts?.get(row.account) : undefined,
      }),
    };
  });
}
