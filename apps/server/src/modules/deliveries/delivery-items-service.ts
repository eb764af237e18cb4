import type {
  Released,
  DeliveryItem,
  DeliveryItemCreate,
  DeliveryItemListQuery,
  DeliveryItemUpdate,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import type { Page } from '../../platform/list.js';
import { listShaped, shapeOne, type ShapeRows } from '../../platform/list-shaped.js';
import { listSpecOf } from '../../platform/list-spec.js';
import { expandSet } from '../../platform/route-params.js';
import * as repo from './deliveries-repo.js';
import { shapeLines, toDeliveryItem } from './deliveries-shape.js';
import {
  addLine,
  changeLine,
  removeLine,
  settle,
  SettleError,
  startLineWork,
  type LineWork,
} from './line-work.js';
import type { SiteScope } from '../../platform/scope.js';

/**
 * Runs line steps in one transaction and settles the touched deliveries before it commits.
 * `newLines` is how many lines the steps will add (their ids are handed out in order).
 */
export async function runLineWork<T>(
  ctx: AppContext,
  userId: string,
  newLines: number,
  steps: (work: LineWork) => Promise<T>,
): Promise<{ result: T; work: LineWork }> {
  return ctx.db.kysely.transaction().execute(async (trx: Transaction<Database>) => {
    const work = startLineWork(trx, nowIso(), userId, newLines);
    const result = await steps(work);
    await settle(work);
    return { result, work };
  });
}

/** A single call reports a settle failure as the plain error it wraps. */
async function single<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SettleError) throw error.error;
    throw error;
  }
}

export function createDeliveryItem(
  scope: SiteScope,
  input: DeliveryItemCreate,
): Promise<DeliveryItem> {
  const { ctx, siteId, userId } = scope;
  return single(async () =>
    toDeliveryItem(
      (await runLineWork(ctx, userId, 1, (work) => addLine(work, siteId, userId, input))).result,
    ),
  );
}

export function updateDeliveryItem(
  scope: SiteScope,
  id: string,
  input: DeliveryItemUpdate,
): Promise<DeliveryItem> {
  const { ctx, siteId, userId } = scope;
  return single(async () => {
    const { result, work } = await runLineWork(ctx, userId, 0, (w) =>
      changeLine(w, siteId, id, input),
    );
    const released = work.touched.get(result.delivery)?.released ?? [];
    const line = toDeliveryItem(result);
    return released.length > 0 ? { ...line, released } : line;
  });
}

/** Answers what removing the line released (empty unless `release` and it fell below paid). */
export function deleteDeliveryItem(
  scope: SiteScope,
  id: string,
  release = false,
): Promise<Released[]> {
  const { ctx, siteId, userId } = scope;
  return single(async () => {
    const { work } = await runLineWork(ctx, userId, 0, (w) => removeLine(w, siteId, id, release));
    return [...work.touched.values()].flatMap((entry) => entry.released);
  });
}

/** expand: item, delivery. */
const shaper =
  (scope: SiteScope): ShapeRows<repo.DeliveryItemRow, DeliveryItem> =>
  (rows, expand) =>
    shapeLines(scope.ctx.db.kysely, scope.siteId, rows, {
      item: expand.has('item'),
      delivery: expand.has('delivery'),
    });

export async function getDeliveryItem(
  scope: SiteScope,
  id: string,
  expand?: string,
): Promise<DeliveryItem> {
  const row = await repo.findDeliveryItem(scope.ctx.db.kysely, scope.siteId, id);
  return shapeOne(row, 'Delivery item', shaper(scope), expandSet(expand));
}

const LIST = listSpecOf('delivery_items', 'created');

export async function listDeliveryItems(
  scope: SiteScope,
  query: DeliveryItemListQuery,
): Promise<Page<DeliveryItem>> {
  return listShaped(
    scope,
    repo.deliveryItemsQuery(scope.ctx.db.kysely),
    LIST,
    query,
    shaper(scope),
  );
}
