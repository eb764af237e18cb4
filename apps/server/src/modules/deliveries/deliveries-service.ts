import {
  deliveryPaymentStatus,
  toPaise,
  type Delivery,
  type DeliveryCreate,
  type DeliveryListQuery,
  type DeliveryUpdate,
} from '@siteledger/domain';
import { newId, nowIso } from '../../db/ids.js';
import { parseFileList } from '../../platform/files.js';
import { AppError, notFound } from '../../platform/errors.js';
import { paginate, type ListSpec, type Page } from '../../platform/list.js';
import { claimIdempotencyKey } from '../../platform/idempotency.js';
import { checkQuota, releaseQuota } from '../../platform/plan-limits.js';
import { expandSet } from '../../platform/route-params.js';
import * as repo from './deliveries-repo.js';
import { shapeDeliveries, toDelivery, toDeliveryItem } from './deliveries-shape.js';
import { deliveryTotals, lineAmounts } from './totals.js';
import { settleBelowPaid, type Released } from '../payments/overpayment.js';
import { auditCreated, auditStart } from '../../platform/audit.js';
import { checkVendorRef } from '../../db/site-refs.js';
import type { SiteScope } from '../../platform/scope.js';

function unknownReference(field: string, what: string): Record<string, unknown> {
  return { [field]: { code: 'invalid_reference', message: `Unknown ${what}` } };
}

export async function getDelivery(
  scope: SiteScope,
  id: string,
  expand: Set<string> = new Set(),
): Promise<Delivery> {
  const { ctx, siteId } = scope;
  const row = await repo.findDelivery(ctx.db.kysely, siteId, id);
  if (!row) throw notFound('Delivery');
  const [delivery] = await shapeDeliveries(ctx.db.kysely, siteId, [row], true, expand);
  return delivery!;
}

/** A delivery and all of its lines in one transaction; every total is computed here. */
export async function createDelivery(
  scope: SiteScope,
  input: DeliveryCreate,
  idempotencyKey: string | null = null,
): Promise<Delivery> {
  const { ctx, siteId, userId } = scope;
  const now = nowIso();
  const id = newId();
  // Ascending ids keep the lines in the order they were entered (they share `created`).
  const lineIds = input.delivery_items.map(() => newId()).sort();
  const lines: repo.DeliveryItemRow[] = input.delivery_items.map((line, i) => ({
    id: lineIds[i]!,
    site_id: siteId,
    delivery: id,
    item: line.item,
    ...lineAmounts(line.quantity, line.unit_price, `delivery_items.${i}.total_amount`),
    notes: line.notes || null,
    created_by: userId,
    created: now,
    updated: now,
  }));
  const itemsTotal = lines.reduce((sum, line) => sum + line.total_amount, 0);
  const totals = deliveryTotals(
    itemsTotal,
    toPaise(input.tax_amount ?? 0),
    toPaise(input.round_off ?? 0),
    0,
  );
  const row: repo.DeliveryRow = {
    id,
    site_id: siteId,
    vendor: input.vendor,
    delivery_date: input.delivery_date,
    delivery_reference: input.delivery_reference || null,
    notes: input.notes || null,
    photos: '[]',
    ...totals,
    paid_amount: 0,
    created_by: userId,
    created: now,
    updated: now,
  };
  const prior = await ctx.db.kysely.transaction().execute(async (trx) => {
    // A repeat of an earlier create (same Idempotency-Key) answers with that record.
    const earlier = await claimIdempotencyKey(trx, siteId, idempotencyKey, 'deliveries', id);
    if (earlier) return earlier;
    const slot = await checkQuota(trx, ctx, siteId, 'deliveries', 1, scope.subscription);
    await checkVendorRef(trx, siteId, input.vendor);
    const known = await repo.existingItemIds(
      trx,
      siteId,
      lines.map((l) => l.item),
    );
    const badLines: Record<string, unknown> = {};
    lines.forEach((line, i) => {
      if (!known.has(line.item))
        Object.assign(badLines, unknownReference(`delivery_items.${i}.item`, 'item'));
    });
    if (Object.keys(badLines).length > 0) throw new AppError('VALIDATION_FAILED', badLines);
    await repo.insertDelivery(trx, row);
    await repo.insertDeliveryItems(trx, lines);
    await auditCreated(trx, 'deliveries', siteId, id, {
      ...row,
      lines: lines.map(({ item, quantity, unit_price, total_amount }) => ({
        item,
        quantity,
        unit_price,
        total_amount,
      })),
    });
    await slot.take();
    return null;
  });
  if (prior) return getDelivery(scope, prior);
  // Answered from what was written (the same shape GET reads back: lines in the order sent).
  return toDelivery(
    row,
    lines.map((line) => toDeliveryItem(line)),
    undefined,
  );
}

/** Header fields; the totals and the payment status are recomputed from the lines. */
export async function updateDelivery(
  scope: SiteScope,
  id: string,
  input: DeliveryUpdate,
): Promise<Delivery> {
  const { ctx, siteId } = scope;
  let released: Released[] = [];
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await repo.lockDelivery(trx, siteId, id);
    if (!row) throw notFound('Delivery');
    const changes: Partial<repo.DeliveryRow> = { updated: nowIso() };
    if (input.vendor !== undefined && input.vendor !== row.vendor) {
      await checkVendorRef(trx, siteId, input.vendor);
      // Payments and returns belong to the old vendor: moving the bill would break both ledgers.
      if (row.paid_amount > 0 || (await repo.deliveryIsReferenced(trx, id))) {
        throw new AppError('DELIVERY_HAS_PAYMENTS', { variant: 'vendor' });
      }
      changes.vendor = input.vendor;
    }
    if (input.delivery_date !== undefined) changes.delivery_date = input.delivery_date;
    if (input.delivery_reference !== undefined)
      changes.delivery_reference = input.delivery_reference || null;
    if (input.notes !== undefined) changes.notes = input.notes || null;
    const { total: itemsTotal } = await repo.lineFigures(trx, siteId, id);
    const totals = deliveryTotals(
      itemsTotal,
      input.tax_amount !== undefined ? toPaise(input.tax_amount) : row.tax_amount,
      input.round_off !== undefined ? toPaise(input.round_off) : row.round_off,
      row.paid_amount,
    );
    const audit = await auditStart(trx, { entity: 'deliveries', siteId, id, action: 'update' });
    const settled = await settleBelowPaid(trx, {
      siteId,
      kind: 'delivery',
      id,
      total: totals.total_amount,
      paid: row.paid_amount,
      release: input.release_overpayment === true,
      now: changes.updated!,
    });
    released = settled.released;
    Object.assign(changes, totals, {
      payment_status: deliveryPaymentStatus(totals.total_amount, settled.paid),
    });
    await repo.updateDelivery(trx, siteId, id, changes);
    await audit.finish();
  });
  const delivery = await getDelivery(scope, id);
  return released.length > 0 ? { ...delivery, released } : delivery;
}

/**
 * Lines first, then the delivery (spec part 4), in one transaction: a failure of either step
 * rolls both back and answers with the spec's code.
 */
export async function deleteDelivery(scope: SiteScope, id: string): Promise<void> {
  const { ctx, siteId } = scope;
  const photos = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await repo.lockDelivery(trx, siteId, id);
    if (!row) throw notFound('Delivery');
    if (row.paid_amount > 0 || (await repo.deliveryIsReferenced(trx, id))) {
      throw new AppError('DELIVERY_HAS_PAYMENTS');
    }
    const audit = await auditStart(trx, { entity: 'deliveries', siteId, id, action: 'delete' });
    try {
      await repo.deleteLinesOf(trx, siteId, id);
    } catch (error) {
      ctx.logger.error({ err: error, delivery: id }, 'deleting delivery lines failed');
      throw new AppError('DELIVERY_ITEMS_DELETE_FAILED');
    }
    try {
      await repo.deleteDelivery(trx, siteId, id);
    } catch (error) {
      ctx.logger.error({ err: error, delivery: id }, 'deleting delivery failed');
      throw new AppError('DELIVERY_DELETE_FAILED');
    }
    await audit.finish();
    await releaseQuota(trx, siteId, 'deliveries', row.created);
    return parseFileList(row.photos);
  });
  // Photos leave the disk only once the delivery is gone for good.
  await ctx.files.removeMany(siteId, photos);
}

const LIST: ListSpec = {
  table: 'deliveries',
  sortable: [
    'delivery_date',
    'created',
    'updated',
    'total_amount',
    'delivery_reference',
    'payment_status',
  ],
  defaultSort: '-delivery_date',
  filters: ['vendor', 'payment_status'],
  search: ['delivery_reference', 'notes'],
  dateColumn: 'delivery_date',
};

export async function listDeliveries(
  scope: SiteScope,
  query: DeliveryListQuery,
): Promise<Page<Delivery>> {
  const { ctx, siteId } = scope;
  const page = await paginate(
    repo.deliveriesQuery(ctx.db.kysely),
    LIST,
    siteId,
    query,
    query,
    ctx.listTotals,
  );
  const expand = expandSet(query.expand);
  const withLines = expand.has('delivery_items') || expand.has('delivery_items.item');
  return {
    ...page,
    items: await shapeDeliveries(ctx.db.kysely, siteId, page.items, withLines, expand),
  };
}
