import { billName } from '../../db/bill-name.js';
import {
  fromMilli,
  checkReturnQuantity,
  returnRateAbovePurchase,
  refundTypeOf,
  statusAfterRefunds,
  toRupees,
} from '@siteledger/domain';
import { rupees } from '../../platform/record-shape.js';
import type { Transaction } from 'kysely';
import { newId, nowIso } from '../../db/ids.js';
import type { Database, RefundMethod } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { lockPostableAccount, postTransaction } from '../accounts/account-postings.js';
import * as creditNotes from './credit-notes-repo.js';
import type { CreditNoteGst } from './credit-note-gst.js';
import * as refunds from './refunds-repo.js';
import * as repo from './returns-repo.js';

type Trx = Transaction<Database>;

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { [field]: { code: 'invalid_reference', message } });
}

/**
 * Locks the delivery lines a return claims and checks them: each must be a line of this site from
 * a delivery of `vendor` (400 VALIDATION_FAILED on items.<i>.delivery_item), and its quantity must
 * fit in delivered − returned (ALREADY_FULLY_RETURNED, RETURN_QUANTITY_EXCEEDED). `excludeReturn`
 * leaves a return's own lines out of "returned" (re-approving it). A line given with its
 * `ratePaise` may not credit more per unit than the delivery line's purchase rate (400
 * VALIDATION_FAILED on items.<i>.return_rate; a price difference is a separate debit note).
 */
export async function claimLines(
  trx: Trx,
  siteId: string,
  vendor: string,
  wanted: readonly { delivery_item: string; quantityMilli: number; ratePaise?: number }[],
  excludeReturn: string | null = null,
): Promise<Map<string, repo.LockedLine>> {
  const ids = [...new Set(wanted.map((w) => w.delivery_item))].sort();
  const lines = new Map((await repo.lockLines(trx, siteId, ids)).map((l) => [l.id, l]));
  const problems: Record<string, unknown> = {};
  wanted.forEach((w, i) => {
    const line = lines.get(w.delivery_item);
    const field = `items.${i}.delivery_item`;
    if (!line) Object.assign(problems, invalid(field, 'Unknown delivery item').data);
    else if (line.vendor !== vendor) {
      Object.assign(problems, invalid(field, 'This delivery line is not from this vendor').data);
    } else if (w.ratePaise !== undefined && returnRateAbovePurchase(w.ratePaise, line.unit_price)) {
      problems[`items.${i}.return_rate`] = {
        code: 'above_purchase_rate',
        message: `The return rate cannot be above the purchase rate (₹${toRupees(line.unit_price)}); a price difference is a separate debit note`,
      };
    }
  });
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION_FAILED', problems);

  const returned = await repo.returnedMilli(trx, siteId, ids, excludeReturn);
  wanted.forEach((w, i) => {
    const line = lines.get(w.delivery_item)!;
    const already = returned.get(w.delivery_item) ?? 0;
    const problem = checkReturnQuantity(w.quantityMilli, line.quantity, already);
    if (!problem) return;
    const where = { delivery_item: w.delivery_item, field: `items.${i}.quantity_returned` };
    if (problem.code === 'ALREADY_FULLY_RETURNED') throw new AppError(problem.code, where);
    throw new AppError(problem.code, {
      ...where,
      available: fromMilli(problem.availableMilli),
      returned: fromMilli(problem.returnedMilli),
    });
  });
  return lines;
}

/** 400 REFUND_EXCEEDS_RETURN unless `requested` fits in what the return has not refunded yet. */
export function checkRefundFits(total: number, alreadyRefunded: number, requested: number): void {
  const available = Math.max(0, total - alreadyRefunded);
  if (requested > available) {
    throw new AppError('REFUND_EXCEEDS_RETURN', {
      ...rupees({ requested, available, total }),
    });
  }
}

export interface MoneyRefund {
  siteId: string;
  returnId: string;
  vendor: string;
  account: string;
  amount: number;
  date: string;
  method: RefundMethod;
  reference: string | null;
  notes: string | null;
  userId: string;
  /** Where an unknown account is reported: `account` or `refund.account`. */
  accountField: string;
}

/**
 * A vendor_refunds row and its credit to the account (category 'refund'), posted through the
 * ledger. The account is checked first so that another site's account is a 400 on the caller's
 * field, never a foreign-key failure.
 */
export async function bookMoneyRefund(trx: Trx, refund: MoneyRefund): Promise<string> {
  await lockPostableAccount(trx, refund.siteId, refund.account, refund.accountField);
  const now = nowIso();
  const id = newId();
  await refunds.insertRefund(trx, {
    id,
    site_id: refund.siteId,
    vendor_return: refund.returnId,
    vendor: refund.vendor,
    account: refund.account,
    refund_amount: refund.amount,
    refund_date: refund.date,
    refund_method: refund.method,
    reference: refund.reference,
    notes: refund.notes,
    processed_by: refund.userId,
    created_by: refund.userId,
    created: now,
    updated: now,
  });
  await postTransaction(trx, {
    siteId: refund.siteId,
    account: refund.account,
    type: 'credit',
    amount: refund.amount,
    date: refund.date,
    reference: refund.reference,
    notes: refund.notes,
    vendor: refund.vendor,
    vendor_refund: id,
    category: 'refund',
    userId: refund.userId,
  });
  return id;
}

export interface IssuedCreditNote {
  siteId: string;
  vendor: string;
  amount: number;
  issueDate: string;
  expiryDate: string | null;
  reference: string | null;
  reason: string | null;
  returnId: string | null;
  userId: string;
  /** GST, original invoice and supplier's note (issue 40 item 6); none when left out. */
  gst?: CreditNoteGst;
}

/** A new credit note: balance = credit_amount, status active. */
export async function issueCreditNote(trx: Trx, note: IssuedCreditNote): Promise<string> {
  const now = nowIso();
  const id = newId();
  await creditNotes.insertCreditNote(trx, {
    id,
    site_id: note.siteId,
    vendor: note.vendor,
    credit_amount: note.amount,
    balance: note.amount,
    issue_date: note.issueDate,
    expiry_date: note.expiryDate,
    reference: note.reference,
    bill_name: billName(note.reference, `Credit note ${note.issueDate}`, id),
    reason: note.reason,
    return_id: note.returnId,
    ...(note.gst ?? creditNotes.NO_GST),
    status: 'active',
    created_by: note.userId,
    created: now,
    updated: now,
  });
  return id;
}

/**
 * Makes a return's actual_refund_amount (Σ money refunds + Σ credit notes issued for it),
 * refund_type and status true to what is booked. Called after every refund or credit-note change
 * of the return, inside the same transaction.
 */
export async function syncReturnRefunds(
  trx: Trx,
  siteId: string,
  row: repo.ReturnRow,
): Promise<void> {
  const { money, credit } = await repo.refundTotals(trx, siteId, row.id);
  const refunded = money + credit;
  await repo.updateReturn(trx, siteId, row.id, {
    actual_refund_amount: refunded > 0 ? refunded : null,
    refund_type: refundTypeOf(money, credit),
    status: statusAfterRefunds(row.status, refunded, row.completion_date),
    updated: nowIso(),
  });
}
