import { orderedStatus, type MaterialRequestStatus } from '@siteledger/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { forUpdate } from '../../db/locking.js';

/**
 * What purchase orders cover of a request's lines: each line's `ordered_quantity` is Σ of the PO
 * lines (of POs not cancelled) raised against it, and the request is `ordered` once every line is
 * covered (back to `approved` when a PO is cancelled or cut). Called in the transaction of every
 * write that changes a PO's lines or status.
 */
export async function syncCoverage(
  db: Executor,
  siteId: string,
  requestItemIds: readonly (string | null)[],
  now: string,
): Promise<void> {
  const ids = [...new Set(requestItemIds.filter((id): id is string => !!id))];
  if (ids.length === 0) return;
  const lines = await db
    .selectFrom('material_request_items')
    .select(['id', 'material_request'])
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .execute();
  const requestIds = [...new Set(lines.map((l) => l.material_request))].sort();
  // The requests first (one fixed order), then their lines.
  const requests = await forUpdate(
    db,
    db
      .selectFrom('material_requests')
      .select(['id', 'status'])
      .where('id', 'in', requestIds.length > 0 ? requestIds : [''])
      .orderBy('id'),
  ).execute();
  await db
    .updateTable('material_request_items')
    .set({
      ordered_quantity: sql<number>`coalesce((select sum(pol.quantity) from purchase_order_lines pol
        join purchase_orders po on po.id = pol.purchase_order
        where pol.material_request_item = material_request_items.id
          and po.status <> 'cancelled'), 0)`,
    })
    .where('id', 'in', ids)
    .execute();
  for (const request of requests) {
    const all = await db
      .selectFrom('material_request_items')
      .select(['quantity', 'ordered_quantity'])
      .where('material_request', '=', request.id)
      .execute();
    const next = orderedStatus(
      request.status,
      all.map((l) => ({
        quantity: Number(l.quantity),
        ordered_quantity: Number(l.ordered_quantity),
      })),
    );
    if (next !== request.status) {
      await db
        .updateTable('material_requests')
        .set({ status: next as MaterialRequestStatus, updated: now })
        .where('id', '=', request.id)
        .execute();
    }
  }
}
