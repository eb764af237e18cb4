import {
  toPaise,
  type RaBill,
  type RetentionRelease,
  type WorkOrderStatement,
} from '@siteledger/domain';
import { newId, nowIso } from '../../db/ids.js';
import { NO_TDS } from '../../db/tds-columns.js';
import { auditStart, diffFields, recordAuditEntry } from '../../platform/audit.js';
import { AppError, notFound, ownerOnly } from '../../platform/errors.js';
import { NO_TAX } from '../../platform/gst-profile.js';
import { checkQuota } from '../../platform/plan-limits.js';
import { rupees } from '../../platform/record-shape.js';
import type { SiteScope } from '../../platform/scope.js';
import * as repo from './work-orders-repo.js';
import { getWorkOrder } from './work-orders-service.js';
import { lockedOrder } from './ra-bill-measure.js';
import { getRaBill, shapeBills } from './ra-bills-shape.js';

/**
 * Retention released (owners only) once the order is completed: an RA bill of kind
 * `retention_release`, no GST and no TDS, whose net payable is the amount (default all held).
 * Before the order's retention due date: 409 RETENTION_NOT_DUE unless `early` (a bank guarantee).
 */
export async function releaseRetention(
  scope: SiteScope,
  orderId: string,
  input: RetentionRelease,
): Promise<RaBill> {
  if (scope.role !== 'owner') throw ownerOnly('release retention');
  const { ctx, siteId, userId } = scope;
  const id = newId();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    // A release is one of the order's bills: counted with them.
    const slot = await checkQuota(trx, ctx, siteId, 'ra_bills', 1, scope.subscription);
    const order = await lockedOrder(trx, siteId, orderId);
    if (order.status !== 'completed') {
      throw new AppError('INVALID_STATUS', { status: order.status, allowed_from: ['completed'] });
    }
    // The defect-liability period runs to the due date; earlier only against a bank guarantee.
    const due = order.retention_due_date;
    const early = due !== null && input.release_date < due;
    if (early && input.early !== true) {
      throw new AppError('RETENTION_NOT_DUE', { retention_due_date: due });
    }
    const money = (await repo.moneyOf(trx, [orderId])).get(orderId)!;
    const held = money.retention_held - money.retention_released;
    const amount = input.amount === undefined ? held : toPaise(input.amount);
    if (amount <= 0 || amount > held) {
      throw new AppError('VALIDATION_FAILED', {
        amount: { code: 'too_big', message: 'More than the retention held' },
      });
    }
    const bills = await repo.billsOf(trx, orderId);
    const sequence = (bills.at(-1)?.sequence ?? 0) + 1;
    const now = nowIso();
    const written: repo.BillRow = {
      id,
      site_id: siteId,
      work_order: orderId,
      vendor: order.vendor,
      kind: 'retention_release',
      sequence,
      number: `RA-${sequence}`,
      bill_date: input.release_date,
      supplier_invoice_number: null,
      final: 0,
      notes: null,
      gross_amount: 0,
      gst_rate: null,
      place_of_supply: null,
      ...NO_TAX,
      retention_amount: 0,
      advance_recovery: 0,
      ...NO_TDS,
      net_payable: amount,
      paid_amount: 0,
      payment_status: 'pending',
      // The owner releases it: approved as it is made.
      approved_at: now,
      approved_by: userId,
      created_by: userId,
      created: now,
      updated: now,
    };
    await repo.insertBill(trx, written);
    // A release (no lines) as the trail sees any new bill, and whether it came before its due date.
    const changes = diffFields('ra_bills', null, { ...written, lines: [] });
    if (early) changes.early_release = { old: null, new: { retention_due_date: due } };
    await recordAuditEntry(trx, { entity: 'ra_bills', siteId, id, action: 'create' }, changes);
    await slot.take();
  });
  return getRaBill(scope, id);
}

export async function workOrderStatement(
  scope: SiteScope,
  orderId: string,
): Promise<WorkOrderStatement> {
  const db = scope.ctx.db.kysely;
  const workOrder = await getWorkOrder(scope, orderId);
  const rows = await repo.billsOf(db, orderId);
  const bills = await shapeBills(db, rows);
  const money = (await repo.moneyOf(db, [orderId])).get(orderId)!;
  const sum = (key: keyof repo.BillRow) => rows.reduce((s, r) => s + Number(r[key]), 0);
  const billTds = sum('tds_amount');
  const paidOnBills = sum('paid_amount');
  const outstanding = rows.reduce((s, r) => s + Math.max(0, r.net_payable - r.paid_amount), 0);
  return {
    work_order: workOrder,
    bills,
    totals: rupees({
      gross_amount: sum('gross_amount'),
      cgst_amount: sum('cgst_amount'),
      sgst_amount: sum('sgst_amount'),
      igst_amount: sum('igst_amount'),
      retention_amount: sum('retention_amount'),
      advance_recovery: sum('advance_recovery'),
      // The order's figures, advances included (API.md's example: TDS 20,000, paid 11,60,000).
      tds_amount: billTds + money.advance_tds,
      net_payable: sum('net_payable'),
      paid_amount: money.advance_paid - money.advance_tds + paidOnBills,
      bills_tds_amount: billTds,
      bills_paid_amount: paidOnBills,
      advance_paid: money.advance_paid,
      advance_tds: money.advance_tds,
      retention_released: money.retention_released,
      retention_held: money.retention_held - money.retention_released,
      tds_total: billTds + money.advance_tds,
      paid_total: money.advance_paid - money.advance_tds + paidOnBills,
      outstanding,
    }),
  };
}

/** An owner approves the bill as measured (any bill of the order; again after a change). */
export async function approveRaBill(scope: SiteScope, id: string): Promise<RaBill> {
  if (scope.role !== 'owner') throw ownerOnly('approve RA bills');
  const { ctx, siteId, userId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const bill = await repo.lockBill(trx, siteId, id);
    if (!bill) throw notFound('RA bill');
    const audit = await auditStart(trx, { entity: 'ra_bills', siteId, id, action: 'update' });
    const now = nowIso();
    await repo.updateBill(trx, siteId, id, { approved_at: now, approved_by: userId, updated: now });
    await audit.finish();
  });
  return getRaBill(scope, id);
}
