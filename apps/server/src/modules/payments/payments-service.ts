import { type Payment, type PaymentUpdate } from '@siteledger/domain';
import { nowIso } from '../../db/ids.js';
import { AppError, notFound } from '../../platform/errors.js';
import { releaseQuota } from '../../platform/plan-limits.js';
import { recordGetter, recordLister } from '../../platform/list-shaped.js';
import { lockAccount } from '../accounts/accounts-repo.js';
import { postTransaction, removePostings } from '../accounts/account-postings.js';
import { transactionsOf } from '../accounts/transactions-repo.js';
import * as repo from './payments-repo.js';
import { shapePayments } from './payments-shape.js';
import { refreshCreditNotes } from './payment-rules.js';
import { auditStart } from '../../platform/audit.js';
import { publish, settleTxEvents } from '../../platform/tx-events.js';
import { refreshBills, refreshSheets } from './ra-bill-paid.js';
import type { SiteScope } from '../../platform/scope.js';

export const getPayment = recordGetter('Payment', repo.findPayment, shapePayments);

export const listPayments = recordLister('payments', repo.paymentsQuery, shapePayments);

/**
 * Reference, notes and payment date alone (money edits go through `editPayment`). The account
 * debit follows a new date or reference (it is re-posted through the ledger, which keeps the
 * account balance true), and so does the credit-note usage date.
 */
export async function updatePaymentDetails(
  scope: SiteScope,
  id: string,
  input: PaymentUpdate,
): Promise<Payment> {
  const { ctx, siteId, userId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await repo.lockPayment(trx, siteId, id);
    if (!row) throw notFound('Payment');
    // An advance's TDS is of its date's year: a new date is a new payment.
    if (
      row.work_order &&
      input.payment_date !== undefined &&
      input.payment_date !== row.payment_date
    ) {
      throw new AppError('VALIDATION_FAILED', {
        payment_date: {
          code: 'subcontract_payment',
          message: 'Correct a subcontractor payment by deleting it and recording it again',
        },
      });
    }
    const changes: Partial<repo.PaymentRow> = { updated: nowIso() };
    if (input.payment_date !== undefined) changes.payment_date = input.payment_date;
    if (input.reference !== undefined) changes.reference = input.reference || null;
    if (input.notes !== undefined) changes.notes = input.notes || null;
    const audit = await auditStart(trx, { entity: 'payments', siteId, id, action: 'update' });
    await repo.updatePayment(trx, siteId, id, changes);
    await audit.finish();

    const date = changes.payment_date ?? row.payment_date;
    const reference = changes.reference !== undefined ? changes.reference : row.reference;
    if (date !== row.payment_date) await repo.setUsageDate(trx, siteId, id, date);
    if (date === row.payment_date && reference === row.reference) return;
    const postings = await transactionsOf(trx, siteId, { payment: id });
    if (postings.length === 0) return;
    for (const account of [...new Set(postings.map((p) => p.account))].sort())
      await lockAccount(trx, siteId, account);
    await removePostings(trx, siteId, { payment: id });
    for (const posting of postings) {
      await postTransaction(trx, {
        siteId,
        account: posting.account,
        type: posting.type,
        amount: posting.amount,
        date,
        description: posting.description,
        reference,
        notes: posting.notes,
        vendor: posting.vendor,
        payment: id,
        category: posting.transaction_category,
        userId: posting.created_by ?? userId,
      });
    }
  });
  return getPayment(scope, id);
}

/**
 * A payment with allocations cannot be deleted (spec part 5). Any other payment goes in one
 * transaction with what it did: its credit-note usage is given back (balances and statuses
 * restored) and its account postings are removed (balances recomputed).
 */
export async function deletePayment(scope: SiteScope, id: string): Promise<void> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    // Credit notes before the payment row, the order an edit takes them (edit-payment.ts).
    const seen = await repo.usageOf(trx, siteId, [id]);
    await repo.lockCreditNotesById(
      trx,
      siteId,
      seen.map((u) => u.credit_note),
    );
    const row = await repo.lockPayment(trx, siteId, id);
    if (!row) throw notFound('Payment');
    if (await repo.paymentHasAllocations(trx, id)) throw new AppError('PAYMENT_HAS_ALLOCATIONS');
    // A work order's advance stays while bills recover it.
    if (row.work_order && (await repo.orderHasBills(trx, row.work_order))) {
      throw new AppError('PAYMENT_HAS_ALLOCATIONS');
    }
    // An edit that committed meanwhile may have moved the usage to other notes.
    const usage = await repo.usageOf(trx, siteId, [id]);
    const noteIds = [...new Set(usage.map((u) => u.credit_note))].sort();
    await repo.lockCreditNotesById(trx, siteId, noteIds);
    const postings = await transactionsOf(trx, siteId, { payment: id });
    for (const account of [...new Set(postings.map((p) => p.account))].sort())
      await lockAccount(trx, siteId, account);
    const audit = await auditStart(trx, { entity: 'payments', siteId, id, action: 'delete' });
    await repo.deleteUsageOf(trx, siteId, id);
    const now = nowIso();
    await refreshCreditNotes(trx, siteId, noteIds, now);
    await removePostings(trx, siteId, { payment: id });
    // What it paid of RA bills goes with it (corrected by deleting and recording it again).
    const bills = (await repo.raAllocationsOf(trx, [id])).map((a) => a.ra_bill);
    const sheets = (await repo.sheetAllocationsOf(trx, [id])).map((a) => a.wage_sheet);
    await repo.deletePayment(trx, siteId, id);
    await refreshBills(trx, bills, now);
    await refreshSheets(trx, sheets, now);
    await audit.finish();
    if (row.work_order && row.tds_section) {
      publish(trx, 'credit.changed', {
        siteId,
        now,
        table: 'payments',
        id,
        deleted: true,
        places: [{ vendor: row.vendor, date: row.payment_date }],
        inTds: true,
      });
      await settleTxEvents(trx);
    }
    await releaseQuota(trx, siteId, 'payments', row.created);
  });
}
