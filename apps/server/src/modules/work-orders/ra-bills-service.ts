import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  deliveryPaymentStatus,
  fromMilli,
  type RaBill,
  type RaBillCreate,
  type RaBillUpdate,
} from '@siteledger/domain';
import { newId, nowIso } from '../../db/ids.js';
import { auditStart } from '../../platform/audit.js';
import { createOnce } from '../../platform/create-once.js';
import { releaseQuota } from '../../platform/plan-limits.js';
import { AppError, notFound } from '../../platform/errors.js';
import { parseFileList } from '../../platform/files.js';
import { rupees } from '../../platform/record-shape.js';
import type { SiteScope } from '../../platform/scope.js';
import * as repo from './work-orders-repo.js';
import { lockedOrder, measure, setBilled, settleCompletion, settleTds } from './ra-bill-measure.js';
import { getRaBill } from './ra-bills-shape.js';

/**
 * RA bills written (API.md "Work orders and RA bills"): a bill locks its order and is measured
 * from the earlier bills; only the latest bill changes or goes.
 */
type Trx = Transaction<Database>;

export async function createRaBill(
  scope: SiteScope,
  input: RaBillCreate,
  idempotencyKey: string | null = null,
): Promise<RaBill> {
  const { siteId, userId } = scope;
  const id = newId();
  const now = nowIso();
  const prior = await createOnce(
    scope,
    'ra_bills',
    idempotencyKey,
    id,
    async (trx) => {
      const order = await lockedOrder(trx, siteId, input.work_order, 'work_order');
      if (order.status !== 'issued') {
        throw new AppError('INVALID_STATUS', { status: order.status, allowed_from: ['issued'] });
      }
      const bills = await repo.billsOf(trx, order.id);
      const orderLines = await repo.linesOf(trx, [order.id]);
      const previous = new Map(orderLines.map((l) => [l.id, l.billed_quantity]));
      const recoveredBefore = bills.reduce((sum, b) => sum + b.advance_recovery, 0);
      const final = input.final === true;
      const measured = await measure(
        trx,
        scope,
        order,
        id,
        previous,
        { lines: input.lines, final, recoveredBefore },
        now,
      );
      const sequence = (bills.at(-1)?.sequence ?? 0) + 1;
      await repo.insertBill(trx, {
        id,
        site_id: siteId,
        work_order: order.id,
        vendor: order.vendor,
        kind: 'bill',
        sequence,
        number: `RA-${sequence}`,
        bill_date: input.bill_date,
        supplier_invoice_number: input.supplier_invoice_number || null,
        final: final ? 1 : 0,
        notes: input.notes || null,
        ...measured.figures,
        paid_amount: 0,
        payment_status: 'pending',
        approved_at: null,
        approved_by: null,
        created_by: userId,
        created: now,
        updated: now,
      });
      await repo.insertBillLines(trx, measured.lines);
      await setBilled(
        trx,
        new Map(measured.lines.map((l) => [l.work_order_line, l.cumulative_quantity])),
        now,
      );
      await settleCompletion(trx, siteId, order, final ? input : null, now);
      await settleTds(
        trx,
        siteId,
        {
          id,
          work_order: order.id,
          vendor: order.vendor,
          bill_date: input.bill_date,
          tds_section: order.tds_section,
        },
        false,
        null,
        now,
      );
    },
    'ra_bills',
  );
  return getRaBill(scope, prior ?? id);
}

/** Locks the bill and its order; only the order's latest bill may change (409 NOT_LATEST_BILL). */
async function latestBill(trx: Trx, siteId: string, id: string) {
  const found = await repo.findBill(trx, siteId, id);
  if (!found) throw notFound('RA bill');
  const order = await lockedOrder(trx, siteId, found.work_order);
  const bills = await repo.billsOf(trx, order.id);
  const bill = bills.find((b) => b.id === id)!;
  if (bills.at(-1)?.id !== id) {
    throw new AppError('NOT_LATEST_BILL', { latest: bills.at(-1)?.number ?? null });
  }
  return { order, bill, earlier: bills.slice(0, -1) };
}

/** The quantities measured before a bill: its lines' previous quantities, or the order's billed. */
async function previousOf(trx: Trx, order: repo.OrderRow, billId: string) {
  const orderLines = await repo.linesOf(trx, [order.id]);
  const mine = await repo.billLinesOf(trx, [billId]);
  const previous = new Map(orderLines.map((l) => [l.id, l.billed_quantity]));
  for (const line of mine) previous.set(line.work_order_line, line.previous_quantity);
  return previous;
}

function refuseBelowPaid(bill: { net_payable: number; paid_amount: number }) {
  if (bill.net_payable < bill.paid_amount) {
    throw new AppError('TOTAL_BELOW_PAID', {
      ...rupees({ total: bill.net_payable, paid: bill.paid_amount }),
      payments: [],
    });
  }
}

export async function updateRaBill(
  scope: SiteScope,
  id: string,
  input: RaBillUpdate,
): Promise<RaBill> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const { order, bill, earlier } = await latestBill(trx, siteId, id);
    if (bill.kind !== 'bill') {
      throw new AppError('INVALID_STATUS', { status: bill.kind });
    }
    const audit = await auditStart(trx, { entity: 'ra_bills', siteId, id, action: 'update' });
    const now = nowIso();
    const changes: Partial<repo.BillRow> = { updated: now };
    if (input.bill_date !== undefined) changes.bill_date = input.bill_date;
    if (input.supplier_invoice_number !== undefined)
      changes.supplier_invoice_number = input.supplier_invoice_number || null;
    if (input.notes !== undefined) changes.notes = input.notes || null;
    const final = input.final ?? bill.final === 1;
    changes.final = final ? 1 : 0;
    if (input.lines !== undefined || input.final !== undefined) {
      const previous = await previousOf(trx, order, id);
      const kept = await repo.billLinesOf(trx, [id]);
      const lines =
        input.lines ??
        kept.map((l) => ({
          work_order_line: l.work_order_line,
          cumulative_quantity: fromMilli(l.cumulative_quantity),
        }));
      const measured = await measure(
        trx,
        scope,
        order,
        id,
        previous,
        {
          lines,
          final,
          recoveredBefore: earlier.reduce((sum, b) => sum + b.advance_recovery, 0),
        },
        now,
      );
      const {
        tds_section: _section,
        tds_rate: _rate,
        tds_amount: _amount,
        tds_carried: _carried,
        ...figures
      } = measured.figures;
      Object.assign(changes, figures, {
        // Until the TDS subscriber recomputes it: the TDS it had.
        net_payable: figures.net_payable - bill.tds_amount,
        // A new measurement is approved again.
        approved_at: null,
        approved_by: null,
      });
      // A line measured again keeps its measurement photos.
      const photos = new Map(kept.map((l) => [l.work_order_line, l.photos]));
      for (const line of measured.lines) line.photos = photos.get(line.work_order_line) ?? '[]';
      await repo.deleteBillLines(trx, id);
      await repo.insertBillLines(trx, measured.lines);
      await setBilled(trx, previous, now);
      await setBilled(
        trx,
        new Map(measured.lines.map((l) => [l.work_order_line, l.cumulative_quantity])),
        now,
      );
    }
    await repo.updateBill(trx, siteId, id, changes);
    const next = { ...bill, ...changes };
    await settleCompletion(trx, siteId, order, final ? next : null, now);
    await settleTds(trx, siteId, next, false, bill.bill_date, now);
    const after = (await repo.findBill(trx, siteId, id))!;
    refuseBelowPaid(after);
    await trx
      .updateTable('ra_bills')
      .set({ payment_status: deliveryPaymentStatus(after.net_payable, after.paid_amount) })
      .where('id', '=', id)
      .execute();
    await audit.finish();
  });
  return getRaBill(scope, id);
}

/** Only the latest bill, and only while nothing is paid on it. */
export async function deleteRaBill(scope: SiteScope, id: string): Promise<void> {
  const { ctx, siteId } = scope;
  const photos = await ctx.db.kysely.transaction().execute(async (trx) => {
    const { order, bill } = await latestBill(trx, siteId, id);
    if (bill.paid_amount > 0 || (await repo.billHasAllocations(trx, id))) {
      throw new AppError('RECORD_IN_USE', { entity: 'ra bill' });
    }
    const audit = await auditStart(trx, { entity: 'ra_bills', siteId, id, action: 'delete' });
    const now = nowIso();
    if (bill.kind === 'bill') await setBilled(trx, await previousOf(trx, order, id), now);
    const lines = await repo.billLinesOf(trx, [id]);
    await repo.deleteBill(trx, siteId, id);
    if (bill.final === 1) await settleCompletion(trx, siteId, order, null, now);
    await audit.finish();
    if (bill.kind === 'bill') await settleTds(trx, siteId, bill, true, null, now);
    await releaseQuota(trx, siteId, 'ra_bills', bill.created);
    return lines.flatMap((l) => parseFileList(l.photos));
  });
  // The measurement photos leave the disk once the bill is gone for good.
  await ctx.files.removeMany(siteId, photos);
}
