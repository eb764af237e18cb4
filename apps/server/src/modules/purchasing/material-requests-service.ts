import {
  fromMilli,
  rateFromStored,
  MATERIAL_REQUEST_FROM,
  toMilli,
  type MaterialRequest,
  type MaterialRequestAction,
  type MaterialRequestApprove,
  type MaterialRequestCreate,
  type MaterialRequestLineInput,
  type MaterialRequestListQuery,
  type MaterialRequestReject,
  type MaterialRequestStatus,
  type MaterialRequestUpdate,
} from '@siteledger/domain';
import { rupees } from '../../platform/record-shape.js';
import type { Transaction } from 'kysely';
import { newId, nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { businessToday } from '../../platform/business-time.js';
import { AppError, ownerOnly } from '../../platform/errors.js';
import { parseFileList } from '../../platform/files.js';
import { recordService } from '../../platform/record-service.js';
import { actOnStatus, type StatusRules } from '../../platform/status-action.js';
import type { SiteScope } from '../../platform/scope.js';
import { groupBy } from '../../platform/group-rows.js';
import * as repo from './material-requests-repo.js';

/** Σ quantity × the item's average delivered price, in paise, per request. */
async function estimates(
  db: Executor,
  siteId: string,
  lines: readonly { material_request: string; item: string; quantity: number }[],
): Promise<Map<string, number>> {
  const prices = await repo.deliveredValue(
    db,
    siteId,
    lines.map((l) => l.item),
  );
  return priced(prices, lines);
}

function priced(
  prices: Map<string, { value: number; quantity: number }>,
  lines: readonly { material_request: string; item: string; quantity: number }[],
): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of lines) {
    const known = prices.get(line.item);
    const value =
      known && known.quantity > 0 ? Math.round((line.quantity * known.value) / known.quantity) : 0;
    out.set(line.material_request, (out.get(line.material_request) ?? 0) + value);
  }
  return out;
}

async function shape(
  db: Executor,
  siteId: string,
  rows: repo.RequestWithNames[],
): Promise<MaterialRequest[]> {
  const lines = await repo.linesOf(
    db,
    siteId,
    rows.map((r) => r.id),
  );
  const estimated = await estimates(db, siteId, lines);
  const byRequest = groupBy(lines, (line) => line.material_request);
  return rows.map((row) => ({
    id: row.id,
    site: row.site_id,
    status: row.status,
    request_date: row.request_date,
    needed_by: row.needed_by,
    notes: row.notes,
    photos: parseFileList(row.photos),
    requested_by: row.created_by,
    requested_by_name: row.requested_by_name,
    submitted_at: row.submitted_at,
    decided_by: row.decided_by,
    decided_by_name: row.decided_by_name,
    decided_at: row.decided_at,
    decision_notes: row.decision_notes,
    ...rupees({ estimated_amount: estimated.get(row.id) ?? 0 }),
    items: (byRequest.get(row.id) ?? []).map((line) => ({
      id: line.id,
      item: line.item,
      item_name: line.item_name,
      unit: line.unit,
      gst_rate: line.gst_rate === null ? null : rateFromStored(Number(line.gst_rate)),
      quantity: fromMilli(Number(line.quantity)),
      ordered_quantity: fromMilli(Number(line.ordered_quantity)),
      notes: line.notes,
    })),
    created: row.created,
    updated: row.updated,
  }));
}

/** New lines for a request; every item must be the site's (400 on the line's item otherwise). */
async function buildLines(
  trx: Transaction<Database>,
  scope: SiteScope,
  requestId: string,
  input: readonly MaterialRequestLineInput[],
  now: string,
): Promise<repo.RequestLineRow[]> {
  const known = await repo.itemsOnSite(
    trx,
    scope.siteId,
    input.map((l) => l.item),
  );
  const bad: Record<string, unknown> = {};
  input.forEach((line, i) => {
    if (!known.has(line.item)) {
      bad[`items.${i}.item`] = { code: 'invalid_reference', message: 'Unknown item' };
    }
  });
  if (Object.keys(bad).length > 0) throw new AppError('VALIDATION_FAILED', bad);
  // Ascending ids keep the lines in the order they were entered.
  const ids = input.map(() => newId()).sort();
  return input.map((line, i) => ({
    id: ids[i]!,
    site_id: scope.siteId,
    material_request: requestId,
    item: line.item,
    quantity: toMilli(line.quantity),
    ordered_quantity: 0,
    notes: line.notes || null,
    created_by: scope.userId,
    created: now,
    updated: now,
  }));
}

/**
 * draft | rejected → submitted (a rejection's decision is cleared: the request waits again); a
 * request estimated at or below the site's approval amount, or one an owner raises, needs nobody
 * else's approval and is approved at once — unless a line's item has no known price (never
 * delivered on the site).
 */
async function submitChanges(
  trx: Transaction<Database>,
  scope: SiteScope,
  requestId: string,
  lines: readonly { item: string; quantity: number }[],
  now: string,
): Promise<Partial<repo.RequestRow>> {
  const submitted = {
    status: 'submitted' as MaterialRequestStatus,
    submitted_at: now,
    decided_by: null,
    decided_at: null,
    decision_notes: null,
  };
  if (scope.role === 'owner') {
    return { ...submitted, status: 'approved', decided_by: scope.userId, decided_at: now };
  }
  const threshold = await repo.approvalThreshold(trx, scope.siteId);
  if (threshold === null) return submitted;
  // An item never delivered here has no price: its estimate of 0 says nothing, so it waits.
  const prices = await repo.deliveredValue(
    trx,
    scope.siteId,
    lines.map((l) => l.item),
  );
  if (lines.some((l) => !((prices.get(l.item)?.quantity ?? 0) > 0))) return submitted;
  const estimate =
    priced(
      prices,
      lines.map((l) => ({ ...l, material_request: requestId })),
    ).get(requestId) ?? 0;
  if (estimate <= threshold) {
    return {
      ...submitted,
      status: 'approved',
      decided_by: null,
      decided_at: now,
      decision_notes: 'Below the approval amount',
    };
  }
  return submitted;
}

/** `status=a,b` filters on any of them. */
export function statusList(value: string | undefined, known: readonly string[]): string[] | null {
  if (!value) return null;
  const wanted = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = wanted.find((s) => !known.includes(s));
  if (bad) {
    throw new AppError('VALIDATION_FAILED', {
      status: { code: 'invalid_value', message: `Unknown status: ${bad}` },
    });
  }
  return wanted;
}

const STATUS_SET: Record<MaterialRequestStatus, true> = {
  draft: true,
  submitted: true,
  approved: true,
  rejected: true,
  ordered: true,
  closed: true,
};

/** 409 INVALID_STATUS unless `action` may start from the request's status. */
function allowed(row: repo.RequestRow, action: MaterialRequestAction): void {
  const from = MATERIAL_REQUEST_FROM[action];
  if (!from.includes(row.status)) {
    throw new AppError('INVALID_STATUS', { status: row.status, allowed_from: from });
  }
}

/** An edit: the request's columns, and its lines when the body gives them anew. */
interface RequestChanges {
  columns: Partial<repo.RequestRow>;
  lines: repo.RequestLineRow[] | null;
}

/**
 * Material requests on the generic record service (lines written with the request, photos
 * removed once a delete is committed). An edit is allowed only from the statuses the domain's
 * MATERIAL_REQUEST_FROM gives `edit`; the other actions are `act` below.
 */
export const materialRequests = recordService<
  repo.RequestWithNames,
  MaterialRequest,
  MaterialRequestCreate,
  MaterialRequestUpdate,
  MaterialRequestListQuery,
  RequestChanges,
  repo.RequestRow
>('material_requests', {
  noun: 'Material request',
  find: repo.findRequest,
  lock: repo.lockRequest,
  shape: ({ ctx, siteId }, rows) => shape(ctx.db.kysely, siteId, rows),
  list: {
    query: (db, query) => {
      let base = repo.requestsQuery(db);
      const statuses = statusList(query.status, Object.keys(STATUS_SET));
      if (statuses)
        base = base.where('material_requests.status', 'in', statuses as MaterialRequestStatus[]);
      if (query.requested_by)
        base = base.where('material_requests.created_by', '=', query.requested_by);
      return base;
    },
  },
  create: {
    insert: async (trx, scope, input, id, now) => {
      const lines = await buildLines(trx, scope, id, input.items, now);
      const row: repo.RequestRow = {
        id,
        site_id: scope.siteId,
        status: 'draft',
        request_date: input.request_date ?? businessToday(scope.ctx.config.timezone),
        needed_by: input.needed_by ?? null,
        notes: input.notes || null,
        photos: '[]',
        submitted_at: null,
        decided_by: null,
        decided_at: null,
        decision_notes: null,
        created_by: scope.userId,
        created: now,
        updated: now,
      };
      if (input.submit) Object.assign(row, await submitChanges(trx, scope, id, lines, now));
      await repo.insertRequest(trx, row);
      await repo.insertLines(trx, lines);
    },
  },
  update: {
    changes: async (trx, scope, row, input) => {
      allowed(row, 'edit');
      const now = nowIso();
      const columns: Partial<repo.RequestRow> = { updated: now };
      if (input.request_date !== undefined) columns.request_date = input.request_date;
      if (input.needed_by !== undefined) columns.needed_by = input.needed_by;
      if (input.notes !== undefined) columns.notes = input.notes || null;
      const lines = input.items ? await buildLines(trx, scope, row.id, input.items, now) : null;
      return { columns, lines };
    },
    write: async (trx, siteId, id, { columns, lines }) => {
      if (lines) {
        await repo.deleteLinesOf(trx, siteId, id);
        await repo.insertLines(trx, lines);
      }
      await repo.updateRequest(trx, siteId, id, columns);
    },
  },
  remove: {
    // A request a purchase order names stays.
    inUse: {
      entity: 'material request',
      check: (trx, _siteId, id) => repo.requestIsOrdered(trx, id),
    },
    write: async (trx, siteId, id) => {
      await repo.deleteLinesOf(trx, siteId, id);
      await repo.deleteRequest(trx, siteId, id);
    },
    committed: ({ ctx, siteId }, row) => ctx.files.removeMany(siteId, parseFileList(row.photos)),
  },
});

/**
 * The status actions (submit, approve, reject, close) stay on platform/status-action.ts: it
 * locks the request, checks that `action` may start from its status (409 INVALID_STATUS), runs
 * `change` and records the change in the trail, in one transaction.
 */
const REQUEST_STATUS: StatusRules<repo.RequestRow, MaterialRequestAction> = {
  entity: 'material_requests',
  noun: 'Material request',
  lock: repo.lockRequest,
  from: MATERIAL_REQUEST_FROM,
};

async function act(
  scope: SiteScope,
  id: string,
  action: MaterialRequestAction,
  change: (trx: Transaction<Database>, row: repo.RequestRow, now: string) => Promise<void>,
): Promise<MaterialRequest> {
  await actOnStatus(scope, REQUEST_STATUS, id, action, change);
  return materialRequests.get(scope, id);
}

export function submitMaterialRequest(scope: SiteScope, id: string): Promise<MaterialRequest> {
  return act(scope, id, 'submit', async (trx, row, now) => {
    const lines = await repo.linesOf(trx, scope.siteId, [id]);
    const changes = await submitChanges(
      trx,
      scope,
      id,
      lines.map((l) => ({ item: l.item, quantity: Number(l.quantity) })),
      now,
    );
    await repo.updateRequest(trx, scope.siteId, row.id, { ...changes, updated: now });
  });
}

export function approveMaterialRequest(
  scope: SiteScope,
  id: string,
  input: MaterialRequestApprove,
): Promise<MaterialRequest> {
  if (scope.role !== 'owner') throw ownerOnly('approve material requests');
  return act(scope, id, 'approve', async (trx, row, now) => {
    await repo.updateRequest(trx, scope.siteId, row.id, {
      status: 'approved',
      decided_by: scope.userId,
      decided_at: now,
      decision_notes: input.notes || null,
      updated: now,
    });
  });
}

export function rejectMaterialRequest(
  scope: SiteScope,
  id: string,
  input: MaterialRequestReject,
): Promise<MaterialRequest> {
  if (scope.role !== 'owner') throw ownerOnly('reject material requests');
  return act(scope, id, 'reject', async (trx, row, now) => {
    await repo.updateRequest(trx, scope.siteId, row.id, {
      status: 'rejected',
      decided_by: scope.userId,
      decided_at: now,
      decision_notes: input.notes.trim(),
      updated: now,
    });
  });
}

/** approved | ordered → closed: nothing more will be ordered against it. */
export function closeMaterialRequest(scope: SiteScope, id: string): Promise<MaterialRequest> {
  return act(scope, id, 'close', async (trx, row, now) => {
    await repo.updateRequest(trx, scope.siteId, row.id, { status: 'closed', updated: now });
  });
}
