import { AsyncLocalStorage } from 'node:async_hooks';
import {
  auditedTypeOf,
  fieldCodec,
  filesFromStored,
  numberFromStored,
  tableOf,
  type AuditAction,
  type AuditEntity,
  type Fields,
  type RecordTypeDef,
} from '@siteledger/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { newId, nowIso } from '../db/ids.js';
import type { Database } from '../db/schema.js';

/**
 * The audit trail (issue 10). A service wraps each write of a business record in `audited(…)`
 * inside its own transaction: the record is read before and after the write and the changed
 * fields are stored with their old and new values, so the trail commits or rolls back with the
 * change itself. Who made the change comes from the request (set once the caller is known, in
 * platform/access.ts), so no service has to pass it along.
 */

interface Actor {
  userId: string | null;
}

const actors = new AsyncLocalStorage<Actor>();

/** Every request runs in its own actor scope. */
export function registerAuditActor(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, _reply, done) => {
    actors.run({ userId: null }, done);
  });
}

export function setAuditActor(userId: string): void {
  const actor = actors.getStore();
  if (actor) actor.userId = userId;
}

/** For work outside a request (tools, tests): runs `work` as `userId`. */
export function runAsActor<T>(userId: string | null, work: () => Promise<T>): Promise<T> {
  return actors.run({ userId }, work);
}

type Db = Kysely<Database>;
type Row = Record<string, unknown>;

/**
 * What the trail knows of an entity, from the record-type registry (issue 41): its table, its
 * fields' codecs and the parts kept with its snapshot. The trail shows what the API shows, so a
 * stored number is read by its codec (paise → rupees, thousandths → units, hundredths → percent)
 * and a file list is shown as its names; nothing is guessed from a column's name.
 */
function audited(entity: AuditEntity): RecordTypeDef {
  const type = auditedTypeOf(entity);
  if (!type) throw new Error(`Audit entity ${entity} is not in the record-type registry`);
  return type;
}

/** Codecs of a snapshot: the record's fields, and for each kept part the fields of its table. */
interface Shape {
  fields: Fields;
  parts: Record<string, Fields>;
}

function shapeOf(type: RecordTypeDef): Shape {
  const parts: Record<string, Fields> = {};
  for (const [key, table] of Object.entries(type.audit?.parts ?? {})) {
    parts[key] = tableOf(table)?.fields ?? {};
  }
  return { fields: type.fields, parts };
}

const NOISE = new Set(['id', 'site_id', 'created', 'updated', 'created_by', 'password_hash']);

function apiValue(shape: Shape, field: string, value: unknown): unknown {
  const codec = fieldCodec(shape.fields, field);
  if (typeof value === 'number' || typeof value === 'bigint') {
    return numberFromStored(codec, Number(value));
  }
  if (typeof value === 'string' && codec?.kind === 'files') {
    const list = filesFromStored(value);
    // No files is no value: a new record without photos shows nothing for them.
    return Array.isArray(list) && list.length === 0 ? null : list;
  }
  if (Array.isArray(value)) {
    const part: Shape = { fields: shape.parts[field] ?? {}, parts: {} };
    return value.map((entry) =>
      entry && typeof entry === 'object' ? apiFields(part, entry as Row) : entry,
    );
  }
  return value ?? null;
}

function apiFields(shape: Shape, row: Row): Row {
  const out: Row = {};
  for (const [field, value] of Object.entries(row)) {
    if (!NOISE.has(field)) out[field] = apiValue(shape, field, value);
  }
  return out;
}

/** The fields that differ between two versions of a record ({} when none). */
export function diffFields(
  entity: AuditEntity,
  before: Row | null,
  after: Row | null,
): Record<string, { old: unknown; new: unknown }> {
  const shape = shapeOf(audited(entity));
  const old = before ? apiFields(shape, before) : {};
  const now = after ? apiFields(shape, after) : {};
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  for (const field of new Set([...Object.keys(old), ...Object.keys(now)])) {
    const a = old[field] ?? null;
    const b = now[field] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[field] = { old: a, new: b };
  }
  return changes;
}

/** Rows of a line or link table kept with a record's snapshot: those naming it in `column`. */
interface SnapshotPart {
  key: string;
  table: string;
  column: string;
  fields: readonly string[];
  /** Default: by id. */
  order?: readonly string[];
}

/**
 * What the trail keeps with a record besides its row, so a change of a payment's allocations or
 * a delivery's lines is a change of that record (their values render through the codecs of the
 * registry's `audit.parts` tables).
 */
const SNAPSHOT_PARTS: Partial<Record<AuditEntity, readonly SnapshotPart[]>> = {
  payments: [
    {
      key: 'allocations',
      table: 'payment_allocations',
      column: 'payment',
      fields: ['delivery', 'service_booking', 'allocated_amount'],
    },
    {
      key: 'credit_notes',
      table: 'credit_note_usage',
      column: 'payment',
      fields: ['credit_note', 'used_amount'],
    },
  ],
  deliveries: [
    {
      key: 'lines',
      table: 'delivery_items',
      column: 'delivery',
      fields: ['item', 'quantity', 'unit_price', 'total_amount'],
    },
  ],
  material_requests: [
    {
      key: 'lines',
      table: 'material_request_items',
      column: 'material_request',
      fields: ['item', 'quantity', 'notes'],
    },
  ],
  purchase_orders: [
    {
      key: 'lines',
      table: 'purchase_order_lines',
      column: 'purchase_order',
      fields: ['item', 'quantity', 'unit_price', 'gst_rate', 'total_amount'],
    },
  ],
  work_orders: [
    {
      key: 'lines',
      table: 'work_order_lines',
      column: 'work_order',
      fields: ['description', 'unit', 'quantity', 'rate', 'amount'],
      order: ['position'],
    },
    {
      key: 'variations',
      table: 'work_order_variations',
      column: 'work_order',
      fields: ['work_order_line', 'old_quantity', 'new_quantity', 'reason'],
      order: ['created', 'id'],
    },
  ],
  ra_bills: [
    {
      key: 'lines',
      table: 'ra_bill_lines',
      column: 'ra_bill',
      fields: ['work_order_line', 'cumulative_quantity', 'quantity', 'amount'],
      order: ['work_order_line'],
    },
  ],
  // A correction of a return's lines is a change of the return (issue 18).
  vendor_returns: [
    {
      key: 'lines',
      table: 'vendor_return_items',
      column: 'vendor_return',
      fields: ['delivery_item', 'quantity_returned', 'return_rate', 'return_amount', 'condition'],
      order: ['created', 'id'],
    },
  ],
};

/** Any table, for the parts above (Kysely cannot follow a table name held in data). */
type LooseDb = Record<string, Record<string, unknown>>;

/** The record as the trail sees it: its row, and the parts kept with it. */
async function snapshot(db: Db, entity: AuditEntity, id: string): Promise<Row | null> {
  const row = (await db
    .selectFrom(audited(entity).table as keyof Database)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()) as Row | undefined;
  if (!row) return null;
  const parts = SNAPSHOT_PARTS[entity];
  if (!parts) return row;
  const loose = db as unknown as Kysely<LooseDb>;
  const out: Row = { ...row };
  for (const part of parts) {
    let query = loose.selectFrom(part.table).select(part.fields).where(part.column, '=', id);
    for (const column of part.order ?? ['id']) query = query.orderBy(column);
    out[part.key] = await query.execute();
  }
  return out;
}

export interface AuditTarget {
  entity: AuditEntity;
  siteId: string;
  id: string;
  action: AuditAction;
}

/**
 * Reads the record before a write (nothing for a create); `finish()` after the write reads it
 * again and records what changed, in the caller's transaction `trx`. An update that changes
 * nothing leaves no entry.
 *
 *   const audit = await auditStart(trx, { entity: 'vendors', siteId, id, action: 'update' });
 *   await repo.updateVendor(trx, siteId, id, changes);
 *   await audit.finish();
 */
export async function auditStart(
  trx: Db,
  target: AuditTarget,
): Promise<{ finish: () => Promise<void> }> {
  const before = target.action === 'create' ? null : await snapshot(trx, target.entity, target.id);
  return {
    finish: async () => {
      const after =
        target.action === 'delete' ? null : await snapshot(trx, target.entity, target.id);
      await recordAudit(trx, target, before, after);
    },
  };
}

/**
 * The record was just created in `trx`: records all of its fields as new. `written`: the row (and
 * for deliveries its `lines`, as `snapshot` reads them) the caller has just inserted, so it is
 * not read back (create delivery, issue 22); otherwise it is read.
 */
export async function auditCreated(
  trx: Db,
  entity: AuditEntity,
  siteId: string,
  id: string,
  written?: Row,
): Promise<void> {
  await recordAudit(
    trx,
    { entity, siteId, id, action: 'create' },
    null,
    written ?? (await snapshot(trx, entity, id)),
  );
}

export async function recordAudit(
  trx: Db,
  target: AuditTarget,
  before: Row | null,
  after: Row | null,
): Promise<void> {
  await recordAuditEntry(trx, target, diffFields(target.entity, before, after));
}

/** An entry of the trail with the changes given (none: no entry). */
export async function recordAuditEntry(
  trx: Db,
  target: AuditTarget,
  changes: Record<string, { old: unknown; new: unknown }>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await trx
    .insertInto('audit_log')
    .values({
      id: newId(),
      site_id: target.siteId,
      user_id: actors.getStore()?.userId ?? null,
      at: nowIso(),
      entity: target.entity,
      record_id: target.id,
      action: target.action,
      changes: JSON.stringify(changes),
    })
    .execute();
}
