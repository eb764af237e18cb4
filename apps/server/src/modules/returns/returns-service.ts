import {
  refundParts,
  toMilli,
  toPaise,
  type VendorReturn,
  type VendorReturnCreate,
  type VendorReturnUpdate,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { newId, nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../platform/errors.js';
import { checkQuota } from '../../platform/plan-limits.js';
import { removeOnce } from '../../platform/remove-once.js';
import { parseFileList } from '../../platform/files.js';
import { recordGetter, recordLister } from '../../platform/list-shaped.js';
import { checkVendorRef } from '../../db/site-refs.js';
import {
  bookMoneyRefund,
  checkRefundFits,
  claimLines,
  issueCreditNote,
  syncReturnRefunds,
} from './refund-booking.js';
import { returnLineAmount, returnTotal } from './return-amounts.js';
import { applyLineEdits } from './return-line-edits.js';
import { returnDue, returnLineHeads, sumHeads } from './return-tax.js';
import * as repo from './returns-repo.js';
import { NO_GST } from './credit-notes-repo.js';
import { publish, settleTxEvents } from '../../platform/tx-events.js';
import { shapeReturns } from './returns-shape.js';
import { auditCreated, auditStart } from '../../platform/audit.js';
import type { SiteScope } from '../../platform/scope.js';
import { recordReturn } from '../../platform/recorded-tax.js';

/** Spec part 4: a return created through the product is approved by its creator at once. */
export const AUTO_APPROVAL_NOTE = 'Auto-approved on creation';

export const getVendorReturn = recordGetter('Return', repo.findReturn, shapeReturns);

export const listVendorReturns = recordLister('vendor_returns', repo.returnsQuery, shapeReturns);

/**
 * A return with its lines, approved at once, and the refund given with it (money back to an
 * account, a credit note, or both), all in one transaction: any failure writes nothing.
 */
export async function createVendorReturn(
  scope: SiteScope,
  input: VendorReturnCreate,
): Promise<VendorReturn> {
  const { ctx, siteId, userId } = scope;
  const now = nowIso();
  const id = newId();
  // Ascending ids keep the lines in the order they were entered (they share `created`).
  const itemIds = input.items.map(() => newId()).sort();
  const items: repo.ReturnItemRow[] = input.items.map((line, i) => {
    const quantity = toMilli(line.quantity_returned);
    const rate = toPaise(line.return_rate);
    return {
      id: itemIds[i]!,
      site_id: siteId,
      vendor_return: id,
      delivery_item: line.delivery_item,
      quantity_returned: quantity,
      return_rate: rate,
      return_amount: returnLineAmount(quantity, rate, `items.${i}.return_rate`),
      // Set from the delivery line's rate and split once the lines are claimed.
      cgst_amount: 0,
      sgst_amount: 0,
      igst_amount: 0,
      condition: line.condition,
      item_notes: line.item_notes || null,
      created_by: userId,
      created: now,
      updated: now,
    };
  });
  const total = returnTotal(items.map((item) => item.return_amount));
  const refund = input.refund ?? null;
  const parts = refund ? refundParts(refund) : { moneyPaise: 0, creditPaise: 0 };

  await ctx.db.kysely.transaction().execute(async (trx) => {
    const slot = await checkQuota(trx, ctx, siteId, 'vendor_returns', 1, scope.subscription);
    await checkVendorRef(trx, siteId, input.vendor);
    const lines = await claimLines(
      trx,
      siteId,
      input.vendor,
      items.map((item) => ({
        delivery_item: item.delivery_item,
        quantityMilli: item.quantity_returned,
        ratePaise: item.return_rate,
      })),
    );
    for (const item of items) {
      Object.assign(item, returnLineHeads(item.return_amount, lines.get(item.delivery_item)));
    }
    const heads = sumHeads(items);
    // What the returned bill was recorded with: its GSTIN and input-tax mode (issue 40).
    const firstBill = lines.get(items[0]!.delivery_item)?.delivery;
    const recorded = await recordReturn(trx, siteId, input.vendor, firstBill);
    // The refund and credit note together may give back the value plus the tax it reverses.
    checkRefundFits(
      returnDue({ total_return_amount: total, ...heads }),
      0,
      parts.moneyPaise + parts.creditPaise,
    );
    const row: repo.ReturnRow = {
      id,
      site_id: siteId,
      vendor: input.vendor,
      return_date: input.return_date,
      reason: input.reason,
      status: 'approved',
      notes: input.notes || null,
      photos: '[]',
      approval_notes: AUTO_APPROVAL_NOTE,
      approved_by: userId,
      approved_at: now,
      total_return_amount: total,
      ...heads,
      ...recorded,
      actual_refund_amount: null,
      completion_date: null,
      refund_type: null,
      supplier_credit_note_number: input.supplier_credit_note_number || null,
      supplier_credit_note_date: input.supplier_credit_note_date || null,
      created_by: userId,
      created: now,
      updated: now,
    };
    await repo.insertReturn(trx, row);
    await repo.insertReturnItems(trx, items);
    publish(trx, 'return.changed', { siteId, returnId: id });
    await settleTxEvents(trx);
    await auditCreated(trx, 'vendor_returns', siteId, id);
    if (refund) await bookRefundOfNewReturn(trx, { siteId, userId, id, input, refund, parts, row });
    await slot.take();
  });
  return getVendorReturn(scope, id);
}

/** The refund sent with a new return: money into an account, a credit note, or both. */
async function bookRefundOfNewReturn(
  trx: Transaction<Database>,
  work: {
    siteId: string;
    userId: string;
    id: string;
    input: VendorReturnCreate;
    refund: NonNullable<VendorReturnCreate['refund']>;
    parts: { moneyPaise: number; creditPaise: number };
    row: repo.ReturnRow;
  },
): Promise<void> {
  const { siteId, userId, id, input, refund, parts, row } = work;
  if (parts.moneyPaise > 0) {
    // The schema requires both for monetary and split refunds; checked again for the types.
    if (!refund.account || !refund.method) {
      throw new AppError('VALIDATION_FAILED', {
        'refund.account': { code: 'required', message: 'Choose the account and the method' },
      });
    }
    await bookMoneyRefund(trx, {
      siteId,
      returnId: id,
      vendor: input.vendor,
      account: refund.account,
      amount: parts.moneyPaise,
      date: refund.refund_date,
      method: refund.method,
      reference: refund.reference || null,
      notes: refund.notes || null,
      userId,
      accountField: 'refund.account',
    });
  }
  if (parts.creditPaise > 0) {
    await issueCreditNote(trx, {
      siteId,
      vendor: input.vendor,
      amount: parts.creditPaise,
      issueDate: refund.refund_date,
      expiryDate: refund.credit_note_expiry ?? null,
      reference: refund.credit_note_reference || null,
      reason: input.reason,
      returnId: id,
      userId,
      // Issue 40: the supplier's own note; its tax is the return's, reversed by the return.
      gst: {
        ...NO_GST,
        supplier_note_number: refund.credit_note_supplier_number || null,
        supplier_note_date: refund.credit_note_supplier_date ?? null,
      },
    });
  }
  await syncReturnRefunds(trx, siteId, row);
}

/**
 * Header fields, and before any refund the lines (`applyLineEdits`: quantities re-checked,
 * total_return_amount recomputed), in one transaction with the audit entry. Status and money
 * change through their own calls.
 */
export async function updateVendorReturn(
  scope: SiteScope,
  id: string,
  input: VendorReturnUpdate,
): Promise<VendorReturn> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await repo.lockReturn(trx, siteId, id);
    if (!row) throw notFound('Return');
    const changes: Partial<repo.ReturnRow> = { updated: nowIso() };
    if (input.return_date !== undefined) changes.return_date = input.return_date;
    if (input.reason !== undefined) changes.reason = input.reason;
    if (input.notes !== undefined) changes.notes = input.notes || null;
    if (input.supplier_credit_note_number !== undefined)
      changes.supplier_credit_note_number = input.supplier_credit_note_number || null;
    if (input.supplier_credit_note_date !== undefined)
      changes.supplier_credit_note_date = input.supplier_credit_note_date || null;
    const returnDate = changes.return_date ?? row.return_date;
    if (row.completion_date && row.completion_date < returnDate) {
      throw new AppError('VALIDATION_FAILED', {
        return_date: {
          code: 'invalid_date',
          message: 'The return date cannot be after the completion date',
        },
      });
    }
    const audit = await auditStart(trx, {
      entity: 'vendor_returns',
      siteId,
      id,
      action: 'update',
    });
    if (input.items !== undefined && input.items.length > 0) {
      Object.assign(changes, await applyLineEdits(trx, siteId, row, input.items));
    }
    await repo.updateReturn(trx, siteId, id, changes);
    publish(trx, 'return.changed', { siteId, returnId: id });
    await settleTxEvents(trx);
    await audit.finish();
  });
  return getVendorReturn(scope, id);
}

/**
 * A return that carries money (refunds or credit notes) is part of the books and cannot be deleted
 * (409 RETURN_HAS_REFUNDS); any other return goes with its lines, freeing their quantities.
 */
export async function deleteVendorReturn(scope: SiteScope, id: string): Promise<void> {
  const photos = await removeOnce(scope, 'vendor_returns', id, {
    noun: 'Return',
    lock: repo.lockReturn,
    check: async (trx) => {
      const totals = await repo.refundTotals(trx, scope.siteId, id);
      if (totals.refunds > 0 || totals.notes > 0) throw new AppError('RETURN_HAS_REFUNDS');
    },
    remove: async (trx, row) => {
      await repo.deleteReturn(trx, scope.siteId, id);
      publish(trx, 'return.changed', { siteId: scope.siteId, returnId: id });
      await settleTxEvents(trx);
      return parseFileList(row.photos);
    },
    planResource: 'vendor_returns',
  });
  // Photos leave the disk only once the return is gone for good.
  await scope.ctx.files.removeMany(scope.siteId, photos);
}
