import {
  canTransition,
  isRefundableReturnStatus,
  toPaise,
  RETURN_TRANSITIONS,
  REFUNDABLE_RETURN_STATUSES,
  type RefundCreate,
  type ReturnAction,
  type ReturnComplete,
  type ReturnDecision,
  type VendorReturn,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../platform/errors.js';
import { businessToday } from '../../platform/business-time.js';
import {
  bookMoneyRefund,
  checkRefundFits,
  claimLines,
  syncReturnRefunds,
} from './refund-booking.js';
import { auditStart } from '../../platform/audit.js';
import { publish, settleTxEvents } from '../../platform/tx-events.js';
import { returnDue } from './return-tax.js';
import * as repo from './returns-repo.js';
import { getVendorReturn } from './returns-service.js';
import type { SiteScope } from '../../platform/scope.js';

/**
 * Locks the return and checks that `action` may leave its status (409 INVALID_STATUS_TRANSITION
 * naming the status and the allowed ones otherwise), then applies `change` in the transaction.
 */
async function transition(
  scope: SiteScope,
  id: string,
  action: ReturnAction | 'refund',
  change: (trx: Transaction<Database>, row: repo.ReturnRow) => Promise<void>,
): Promise<VendorReturn> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await repo.lockReturn(trx, siteId, id);
    if (!row) throw notFound('Return');
    const allowed =
      action === 'refund'
        ? isRefundableReturnStatus(row.status)
        : canTransition(action, row.status);
    if (!allowed) {
      throw new AppError('INVALID_STATUS_TRANSITION', {
        variant: action,
        action,
        status: row.status,
        allowed_from:
          action === 'refund' ? [...REFUNDABLE_RETURN_STATUSES] : RETURN_TRANSITIONS[action].from,
      });
    }
    // Approvals, rejections, completions and refunds are changes of the return in the trail.
    const audit = await auditStart(trx, { entity: 'vendor_returns', siteId, id, action: 'update' });
    await change(trx, row);
    // A return that starts or stops counting moves stock.
    publish(trx, 'return.changed', { siteId, returnId: id });
    await settleTxEvents(trx);
    await audit.finish();
  });
  return getVendorReturn(scope, id);
}

const notes = (input: ReturnDecision, row: repo.ReturnRow) =>
  input.approval_notes !== undefined ? input.approval_notes || null : row.approval_notes;

/** initiated | rejected → approved; its lines count again, so their quantities are re-checked. */
export function approveReturn(
  scope: SiteScope,
  id: string,
  input: ReturnDecision,
): Promise<VendorReturn> {
  const { siteId, userId } = scope;
  return transition(scope, id, 'approve', async (trx, row) => {
    const items = await repo.itemsOf(trx, siteId, [id]);
    await claimLines(
      trx,
      siteId,
      row.vendor,
      items.map((item) => ({
        delivery_item: item.delivery_item,
        quantityMilli: item.quantity_returned,
      })),
      id,
    );
    const now = nowIso();
    await repo.updateReturn(trx, siteId, id, {
      status: 'approved',
      approved_by: userId,
      approved_at: now,
      approval_notes: notes(input, row),
      updated: now,
    });
  });
}

/** initiated | approved → rejected; its lines stop counting as returned. */
export function rejectReturn(
  scope: SiteScope,
  id: string,
  input: ReturnDecision,
): Promise<VendorReturn> {
  const { siteId } = scope;
  return transition(scope, id, 'reject', async (trx, row) => {
    await repo.updateReturn(trx, siteId, id, {
      status: 'rejected',
      approved_by: null,
      approved_at: null,
      approval_notes: notes(input, row),
      updated: nowIso(),
    });
  });
}

/** approved → completed, with completion_date (default today in TIMEZONE). */
export function completeReturn(
  scope: SiteScope,
  id: string,
  input: ReturnComplete,
): Promise<VendorReturn> {
  const { ctx, siteId } = scope;
  return transition(scope, id, 'complete', async (trx, row) => {
    const date = input.completion_date ?? businessToday(ctx.config.timezone);
    if (date < row.return_date) {
      throw new AppError('VALIDATION_FAILED', {
        completion_date: {
          code: 'invalid_date',
          message: 'The completion date cannot be before the return date',
        },
      });
    }
    await repo.updateReturn(trx, siteId, id, {
      status: 'completed',
      completion_date: date,
      updated: nowIso(),
    });
  });
}

/**
 * Money back to an account for an approved, completed or refunded return: a vendor_refunds row,
 * the account's credit transaction, and the return refunded with its actual_refund_amount, in
 * one transaction. All refunds of a return together stay within its value plus the tax it
 * reverses.
 */
export function recordRefund(
  scope: SiteScope,
  id: string,
  input: RefundCreate,
): Promise<VendorReturn> {
  const { siteId, userId } = scope;
  return transition(scope, id, 'refund', async (trx, row) => {
    const totals = await repo.refundTotals(trx, siteId, id);
    const amount = toPaise(input.refund_amount);
    checkRefundFits(returnDue(row), totals.money + totals.credit, amount);
    await bookMoneyRefund(trx, {
      siteId,
      returnId: id,
      vendor: row.vendor,
      account: input.account,
      amount,
      date: input.refund_date,
      method: input.refund_method,
      reference: input.reference || null,
      notes: input.notes || null,
      userId,
      accountField: 'account',
    });
    await syncReturnRefunds(trx, siteId, row);
  });
}
