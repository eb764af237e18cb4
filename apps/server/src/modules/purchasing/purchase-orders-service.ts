import {
  materialRequestMay,
  rateFromStored,
  type PurchaseOrderLineInput,
  PURCHASE_ORDER_FROM,
  PURCHASE_ORDER_STATUSES,
  receivedStatus,
  type PurchaseOrder,
  type PurchaseOrderAction,
  type PurchaseOrderCreate,
  type PurchaseOrderListQuery,
  type PurchaseOrderStatus,
  type PurchaseOrderUpdate,
} from '@siteledger/domain';
import { apiFields } from '../../platform/record-shape.js';
import type { Transaction } from 'kysely';
import { newId, nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { checkVendorRef } from '../../db/site-refs.js';
import { businessToday } from '../../platform/business-time.js';
import { AppError } from '../../platform/errors.js';
import { createOnce } from '../../platform/create-once.js';
import type { Page } from '../../platform/list.js';
import { listShaped, shapeOne, type ShapeRows } from '../../platform/list-shaped.js';
import { listSpecOf } from '../../platform/list-spec.js';
import { removeOnce } from '../../platform/remove-once.js';
import { actOnStatus, type StatusRules } from '../../platform/status-action.js';
import type { SiteScope } from '../../platform/scope.js';
import { statusList } from './material-requests-service.js';
import * as requestsRepo from './material-requests-repo.js';
import { orderTotals, planLines } from './purchase-order-lines.js';
import { shapeOrders } from './purchase-orders-shape.js';
import * as repo from './purchase-orders-repo.js';
import { syncCoverage } from './request-coverage.js';

const shaper =
  (scope: SiteScope): ShapeRows<repo.OrderRow, PurchaseOrder> =>
  (rows, expand) =>
    shapeOrders(scope.ctx.db.kysely, scope.siteId, rows, expand);

export async function getPurchaseOrder(
  scope: SiteScope,
  id: string,
  expand: Set<string> = new Set(),
): Promise<PurchaseOrder> {
  const row = await repo.findOrder(scope.ctx.db.kysely, scope.siteId, id);
  return shapeOne(row, 'Purchase order', shaper(scope), expand);
}

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { [field]: { code: 'invalid_reference', message } });
}

/** The request a PO is raised against must be approved (or partly ordered) on this site. */
async function checkRequest(trx: Transaction<Database>, siteId: string, id: string) {
  const request = await requestsRepo.lockRequest(trx, siteId, id);
  if (!request) throw invalid('material_request', 'Unknown material request');
  if (!materialRequestMay('order', request.status)) {
    throw new AppError('INVALID_STATUS', { status: request.status });
  }
}

export async function createPurchaseOrder(
  scope: SiteScope,
  input: PurchaseOrderCreate,
  idempotencyKey: string | null = null,
): Promise<PurchaseOrder> {
  const { ctx, siteId, userId } = scope;
  const now = nowIso();
  const id = newId();
  const prior = await createOnce(
    scope,
    'purchase_orders',
    idempotencyKey,
    id,
    async (trx) => {
      await checkVendorRef(trx, siteId, input.vendor);
      if (input.quotation) {
        const quotation = await repo.findQuotationVendor(trx, siteId, input.quotation);
        if (!quotation) throw invalid('quotation', 'Unknown quotation');
        if (quotation.vendor !== input.vendor) {
          throw invalid('quotation', 'The quotation is of another vendor');
        }
      }
      if (input.material_request) await checkRequest(trx, siteId, input.material_request);
      const plan = await planLines(trx, {
        siteId,
        userId,
        orderId: id,
        vendor: input.vendor,
        materialRequest: input.material_request ?? null,
        lines: input.lines,
        existing: [],
        now,
      });
      await repo.insertOrder(trx, {
        id,
        site_id: siteId,
        vendor: input.vendor,
        material_request: input.material_request ?? null,
        quotation: input.quotation ?? null,
        number: null,
        status: 'draft',
        order_date: input.order_date ?? businessToday(ctx.config.timezone),
        expected_date: input.expected_date ?? null,
        terms: input.terms || null,
        notes: input.notes || null,
        ...orderTotals(plan.inserts),
        issued_at: null,
        issued_by: null,
        closed_at: null,
        cancelled_at: null,
        created_by: userId,
        created: now,
        updated: now,
      });
      await repo.insertLines(trx, plan.inserts);
      await syncCoverage(
        trx,
        siteId,
        plan.inserts.map((l) => l.material_request_item),
        now,
      );
    },
    'purchase_orders',
  );
  return getPurchaseOrder(scope, prior ?? id);
}

/**
 * Locks the order, checks that `action` may start from its status (409 INVALID_STATUS), runs
 * `change` and records it in the trail, in one transaction.
 */
const ORDER_STATUS: StatusRules<repo.OrderRow, PurchaseOrderAction> = {
  entity: 'purchase_orders',
  noun: 'Purchase order',
  lock: async (trx, siteId, id) => (await repo.lockOrders(trx, siteId, [id]))[0],
  from: PURCHASE_ORDER_FROM,
};

export async function actOnOrder(
  scope: SiteScope,
  id: string,
  action: PurchaseOrderAction,
  change: (trx: Transaction<Database>, row: repo.OrderRow, now: string) => Promise<void>,
): Promise<PurchaseOrder> {
  await actOnStatus(scope, ORDER_STATUS, id, action, change);
  return getPurchaseOrder(scope, id);
}

export function updatePurchaseOrder(
  scope: SiteScope,
  id: string,
  input: PurchaseOrderUpdate,
): Promise<PurchaseOrder> {
  const { siteId, userId } = scope;
  return actOnOrder(scope, id, 'edit', async (trx, row, now) => {
    const changes: Partial<repo.OrderRow> = { updated: now };
    if (input.order_date !== undefined) changes.order_date = input.order_date;
    if (input.expected_date !== undefined) changes.expected_date = input.expected_date;
    if (input.terms !== undefined) changes.terms = input.terms || null;
    if (input.notes !== undefined) changes.notes = input.notes || null;
    const vendorChanges = input.vendor !== undefined && input.vendor !== row.vendor;
    if (vendorChanges) {
      // An issued order went to its vendor: another vendor is another order.
      if (row.status !== 'draft') throw new AppError('INVALID_STATUS', { status: row.status });
      await checkVendorRef(trx, siteId, input.vendor!);
      changes.vendor = input.vendor!;
    }
    if (input.lines || vendorChanges) {
      const existing = await repo.linesOf(trx, siteId, [id]);
      const plan = await planLines(trx, {
        siteId,
        userId,
        orderId: id,
        vendor: changes.vendor ?? row.vendor,
        materialRequest: row.material_request,
        lines:
          input.lines ??
          existing.map((l) => ({
            id: l.id,
            item: l.item,
            ...apiFields('purchase_order_lines', l, ['quantity', 'unit_price']),
            gst_rate: (l.gst_rate === null
              ? null
              : rateFromStored(l.gst_rate)) as PurchaseOrderLineInput['gst_rate'],
            material_request_item: l.material_request_item,
          })),
        existing,
        now,
      });
      await repo.deleteLines(
        trx,
        plan.removed.map((l) => l.id),
      );
      for (const line of plan.updates) await repo.updateLine(trx, line.id, line);
      await repo.insertLines(trx, plan.inserts);
      const lines = [...plan.updates, ...plan.inserts];
      Object.assign(changes, orderTotals(lines));
      changes.status = receivedStatus(
        row.status,
        lines.map((l) => ({ quantity: l.quantity, received_quantity: l.received_quantity })),
      ) as PurchaseOrderStatus;
      await repo.updateOrder(trx, siteId, id, changes);
      await syncCoverage(
        trx,
        siteId,
        [...existing, ...lines].map((l) => l.material_request_item),
        now,
      );
      return;
    }
    await repo.updateOrder(trx, siteId, id, changes);
  });
}

/** Only a draft is deleted (an issued order keeps its number: cancel or close it instead). */
export async function deletePurchaseOrder(scope: SiteScope, id: string): Promise<void> {
  const { siteId } = scope;
  await removeOnce(scope, 'purchase_orders', id, {
    noun: 'Purchase order',
    lock: async (trx) => (await repo.lockOrders(trx, siteId, [id]))[0],
    check: (_trx, row) => {
      if (row.status !== 'draft') throw new AppError('INVALID_STATUS', { status: row.status });
    },
    remove: async (trx) => {
      const lines = await repo.linesOf(trx, siteId, [id]);
      await repo.deleteOrder(trx, siteId, id);
      await syncCoverage(
        trx,
        siteId,
        lines.map((l) => l.material_request_item),
        nowIso(),
      );
    },
    planResource: 'purchase_orders',
  });
}

const LIST = listSpecOf('purchase_orders');

export async function listPurchaseOrders(
  scope: SiteScope,
  query: PurchaseOrderListQuery,
): Promise<Page<PurchaseOrder>> {
  const db = scope.ctx.db.kysely;
  let base = repo.ordersQuery(db);
  const statuses = statusList(query.status, PURCHASE_ORDER_STATUSES);
  if (statuses)
    base = base.where('purchase_orders.status', 'in', statuses as PurchaseOrderStatus[]);
  return listShaped(scope, base, LIST, query, shaper(scope));
}
