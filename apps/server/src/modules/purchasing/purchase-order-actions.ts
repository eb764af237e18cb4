import { financialYear, purchaseOrderNumber, type PurchaseOrder } from '@siteledger/domain';
import { businessToday } from '../../platform/business-time.js';
import { AppError, ownerOnly } from '../../platform/errors.js';
import type { SiteScope } from '../../platform/scope.js';
import * as repo from './purchase-orders-repo.js';
import { actOnOrder } from './purchase-orders-service.js';
import { syncCoverage } from './request-coverage.js';
import {
  orderCheck,
  purchaseOrderBudget,
  shownWarning,
  touchBudgets,
} from '../../platform/budget-touch.js';
import type { BudgetWarning } from '../../platform/tx-events.js';

/**
 * draft → issued (owners only): the order gets the next number of the site's financial year
 * (`PO/2026-27/0001`, in TIMEZONE), taken from the counter in the same transaction, so numbers
 * are consecutive and never given twice, even to an order cancelled later.
 */
export async function issuePurchaseOrder(
  scope: SiteScope,
  id: string,
  input: { override_budget?: boolean | undefined } | null | undefined = {},
): Promise<PurchaseOrder> {
  if (scope.role !== 'owner') throw ownerOnly('issue purchase orders');
  const { siteId, userId, ctx } = scope;
  let warnings: BudgetWarning[] = [];
  const order = await actOnOrder(scope, id, 'issue', async (trx, row, now) => {
    const year = financialYear(businessToday(ctx.config.timezone));
    const sequence = await repo.nextNumber(trx, siteId, year);
    await repo.updateOrder(trx, siteId, row.id, {
      status: 'issued',
      number: purchaseOrderNumber(year, sequence),
      issued_at: now,
      issued_by: userId,
      updated: now,
    });
    // Its lines now commit their budget lines: past a budget it warns, or blocks (issue 45).
    const budget = await purchaseOrderBudget(trx, row.id);
    const check = orderCheck(budget.check, input?.override_budget === true);
    await touchBudgets(trx, { siteId, lines: budget.lines, items: budget.items, order: check });
    warnings = check.warnings;
    // Issued past its budget (warned, or a block overridden): who did, for the audit trail.
    if (warnings.length > 0) {
      await repo.updateOrder(trx, siteId, row.id, { over_budget_by: userId });
    }
  });
  return warnings.length > 0 ? { ...order, budget_warnings: warnings.map(shownWarning) } : order;
}

/** draft | issued → cancelled, while nothing was received; its request lines are open again. */
export function cancelPurchaseOrder(scope: SiteScope, id: string): Promise<PurchaseOrder> {
  const { siteId } = scope;
  return actOnOrder(scope, id, 'cancel', async (trx, row, now) => {
    const lines = await repo.linesOf(trx, siteId, [id]);
    if (lines.some((l) => Number(l.received_quantity) > 0)) {
      throw new AppError('INVALID_STATUS', { variant: 'received', status: row.status });
    }
    await repo.updateOrder(trx, siteId, row.id, {
      status: 'cancelled',
      cancelled_at: now,
      updated: now,
    });
    await syncCoverage(
      trx,
      siteId,
      lines.map((l) => l.material_request_item),
      now,
    );
    await touchBudgets(trx, {
      siteId,
      lines: lines.map((l) => l.budget_line),
      items: lines.map((l) => l.item),
    });
  });
}

/** issued | partially received | received → closed: nothing more is expected against it. */
export function closePurchaseOrder(scope: SiteScope, id: string): Promise<PurchaseOrder> {
  const { siteId } = scope;
  return actOnOrder(scope, id, 'close', async (trx, row, now) => {
    await repo.updateOrder(trx, siteId, row.id, { status: 'closed', closed_at: now, updated: now });
    const budget = await purchaseOrderBudget(trx, row.id);
    await touchBudgets(trx, { siteId, lines: budget.lines, items: budget.items });
  });
}
