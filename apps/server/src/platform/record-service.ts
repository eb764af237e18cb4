/**
 * The generic record service (issue 41): the skeleton every site record's writes share, built
 * from the record type's registry entry, with the module's own rules and SQL in typed hooks.
 *
 *   const vendors = recordService<Row, Vendor, VendorCreate, VendorUpdate, VendorListQuery>(
 *     'vendors',
 *     { noun: 'Vendor', find, shape, list: { query }, create: { insert, after }, … },
 *   );
 *   recordRoutes(app, ctx, { collection: 'vendors', record: zVendor,
 *     create: { body: zVendorCreate, run: vendors.create }, get: vendors.get, … });
 *
 * Each write is ONE transaction, in this order (the order the modules kept by hand before):
 *
 * - create: `create.check` (refusals of the input alone, before the transaction: they answer
 *   ahead of a full plan or a repeated key) → Idempotency-Key claimed (registry `idempotent`; a
 *   repeat answers with the earlier record) → `create.existing` (a record this create stands
 *   for: answered instead) → plan slot checked (registry `planResource`) → `create.validate` →
 *   `create.insert` (the module's SQL) → audit entry of all fields (registry `audit`) →
 *   `create.after` → plan slot taken (always the transaction's last write, plan-limits.ts) —
 *   then the record is read back with `get`.
 * - update: `lock` (else `find`; none → 404 "<noun> not found") → `update.changes` (the rules:
 *   refusals, the new column values, side writes that are not the record) → audit snapshot →
 *   `update.write` (it may note in `changes` what it did) → audit entry of what changed →
 *   `update.after` — then `get`, and `update.answer` adds to that reply what `write` noted
 *   (bookings: the payments a lowered total released).
 * - remove: `lock` (404 as above) → `remove.inUse` (RECORD_IN_USE { entity }) → `remove.before`
 *   (refusals with codes of their own, unlinking) → audit snapshot → `remove.write` → audit
 *   entry → `remove.after` → plan slot of the record's month given back; after the commit,
 *   `remove.committed` (files: a rolled-back delete must keep them).
 *
 * Live events, the site's change version and `X-Changed-Collections` need nothing here: they
 * are read off the route and the tables the committed transaction wrote (record-events.ts,
 * changed-collections.ts). Money-critical SQL (balances, postings) stays in the module, inside
 * its hooks, so it runs in the same transaction as the audit entry and the plan count.
 */
import {
  recordTypeOf,
  type AuditEntity,
  type ListQuery,
  type PlanResource,
  type RecordTypeDef,
} from '@siteledger/domain';
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import { newId, nowIso } from '../db/ids.js';
import type { Executor } from '../db/executor.js';
import type { Database } from '../db/schema.js';
import { auditCreated, auditStart } from './audit.js';
import { AppError, notFound } from './errors.js';
import { claimIdempotencyKey } from './idempotency.js';
import { paginate, type Page } from './list.js';
import { listSpecOf } from './list-spec.js';
import { checkQuota, releaseQuota, type QuotaSlot } from './plan-limits.js';
import { toApi } from './record-shape.js';
import { expandSet } from './route-params.js';
import type { SiteScope } from './scope.js';

type Trx = Transaction<Database>;

/** What every stored record has: its id, and when it was made (the month its plan slot is in). */
export interface StoredRow {
  id: string;
  created: string;
}

/** A repo function's shape: reads or writes one record of the site. */
type RowReader<Row> = (
  db: Executor,
  siteId: string,
  id: string,
  scope: SiteScope,
) => Promise<Row | undefined>;

/**
 * `Row`: what `find` reads and `shape` takes; `Locked`: what `lock` reads for a write (the bare
 * row when `find` adds computed figures); `Changes`: what `update.changes` gives `update.write`.
 */
export interface RecordHooks<
  Row extends StoredRow,
  Rec,
  Create,
  Update,
  Q,
  Changes,
  Locked extends StoredRow,
> {
  /** Named in a 404: "<noun> not found". */
  noun: string;
  /** One record of the site as `shape` takes it, or undefined. */
  find: RowReader<Row>;
  /** The record a write starts from (locked where money depends on it); default `find`. */
  lock?: (trx: Trx, siteId: string, id: string, scope: SiteScope) => Promise<Locked | undefined>;
  /** Rows → API records, a page at once (expansions read in one query per kind). */
  shape: (scope: SiteScope, rows: Row[], expand: Set<string>) => Promise<Rec[]>;
  list?: {
    /** The page's base query (its select list and joins); paged by the registry's `list`. */
    query: (
      db: Kysely<Database>,
      query: Q,
      scope: SiteScope,
    ) => SelectQueryBuilder<Database, keyof Database, Row>;
    /** When the registry entry names none. */
    defaultSort?: string;
  };
  create?: {
    /** Refusals of the input alone (no reads), before the transaction. */
    check?: (scope: SiteScope, input: Create) => void;
    /** The id of a record this create stands for (tags: same name and type): answered instead. */
    existing?: (trx: Trx, scope: SiteScope, input: Create) => Promise<string | undefined>;
    /** Refusals read before anything is written (references on the site). */
    validate?: (trx: Trx, scope: SiteScope, input: Create) => Promise<void>;
    /** Writes the record as `id`; returns another id when its own SQL made one (postings). */
    insert: (
      trx: Trx,
      scope: SiteScope,
      input: Create,
      id: string,
      now: string,
    ) => Promise<string | void>;
    /** After the audit entry, in the transaction: links (tags), side effects. */
    after?: (trx: Trx, scope: SiteScope, id: string, input: Create) => Promise<void>;
  };
  update?: {
    /** The rules: refusals, and the columns to write (side writes outside the record allowed). */
    changes: (trx: Trx, scope: SiteScope, row: Locked, input: Update) => Promise<Changes>;
    /**
     * The module's UPDATE (and what must be inside the audited span: recounts, money settled);
     * what the reply should say of it, it notes in `changes` for `answer`.
     */
    write: (trx: Trx, siteId: string, id: string, changes: Changes) => Promise<unknown>;
    /** After the audit entry: links, and money moved by the change (balances). */
    after?: (
      trx: Trx,
      scope: SiteScope,
      id: string,
      input: Update,
      row: Locked,
      changes: Changes,
    ) => Promise<void>;
    /** The reply: the record read back after the commit, with what `write` noted in `changes`. */
    answer?: (record: Rec, changes: Changes) => Rec;
  };
  remove?: {
    /** A record other records still need: RECORD_IN_USE { entity }. */
    inUse?: { entity: string; check: (trx: Trx, siteId: string, id: string) => Promise<boolean> };
    /** Before the audit snapshot: refusals with codes of their own; links that go with it. */
    before?: (trx: Trx, scope: SiteScope, row: Locked) => Promise<void>;
    write: (trx: Trx, siteId: string, id: string) => Promise<unknown>;
    /** After the audit entry: money the record held (balances). */
    after?: (trx: Trx, scope: SiteScope, row: Locked) => Promise<void>;
    /** After the commit (stored files). */
    committed?: (scope: SiteScope, row: Locked) => Promise<void>;
  };
}

export interface RecordService<Rec, Create, Update, Q> {
  type: RecordTypeDef;
  get: (scope: SiteScope, id: string, expand?: Set<string>) => Promise<Rec>;
  list: (scope: SiteScope, query: Q) => Promise<Page<Rec>>;
  /** `key`: the request's Idempotency-Key (read by recordRoutes for idempotent types). */
  create: (scope: SiteScope, input: Create, key?: string | null) => Promise<Rec>;
  /** `create`, saying whether a record was made (false: an earlier one answered). */
  createOrFind: (
    scope: SiteScope,
    input: Create,
    key?: string | null,
  ) => Promise<{ record: Rec; created: boolean }>;
  update: (scope: SiteScope, id: string, input: Update) => Promise<Rec>;
  remove: (scope: SiteScope, id: string) => Promise<void>;
}

export { siteRows, type SiteTable } from '../db/site-rows.js';

/** A stored row of a site table, as `storedRecord` reads it. */
export interface SiteRow extends StoredRow {
  site_id: string;
  updated: string;
}

/**
 * The API record of a row that is just its table (no computed figures, no expansions): `id`,
 * `site`, each registry field in the registry's order through its codec (money → rupees,
 * thousandths → units, hundredths → percent, 0/1 → false/true; a null stays null), `created`,
 * `updated`. The reply's zod schema checks it as it leaves; `Rec` names that schema's type.
 */
export function storedRecord<Rec>(collection: string) {
  const type = recordTypeOf(collection);
  if (!type) throw new Error(`storedRecord: ${collection} is not in the record-type registry`);
  const fields = Object.entries(type.fields);
  return (row: SiteRow): Rec => {
    const stored = row as unknown as Record<string, unknown>;
    const out: Record<string, unknown> = { id: row.id, site: row.site_id };
    for (const [field, codec] of fields) {
      const value = stored[field] ?? null;
      if (codec.kind === 'files') throw new Error(`storedRecord: ${collection}.${field} is files`);
      if (value === null) out[field] = null;
      else if (codec.kind === 'bool') out[field] = value === 1;
      else if (codec.kind === 'money' || codec.kind === 'qty' || codec.kind === 'rate')
        out[field] = toApi(codec, value as number);
      else out[field] = value;
    }
    return { ...out, created: row.created, updated: row.updated } as Rec;
  };
}

function missing(type: RecordTypeDef, part: string): never {
  throw new Error(`recordService: ${type.collection} has no ${part} hooks`);
}

export function recordService<
  Row extends StoredRow,
  Rec,
  Create,
  Update,
  Q extends ListQuery = ListQuery,
  Changes = Partial<Row>,
  Locked extends StoredRow = Row,
>(
  collection: string,
  hooks: RecordHooks<Row, Rec, Create, Update, Q, Changes, Locked>,
): RecordService<Rec, Create, Update, Q> {
  const type = recordTypeOf(collection);
  if (!type) throw new Error(`recordService: ${collection} is not in the record-type registry`);
  const entity = type.audit?.entity as AuditEntity | undefined;
  const resource = type.planResource ? (type.collection as PlanResource) : null;
  // Without a lock of its own a write starts from what `find` reads (then Locked is Row).
  const lock = hooks.lock ?? (hooks.find as unknown as NonNullable<typeof hooks.lock>);
  const spec = hooks.list ? listSpecOf(type.collection, hooks.list.defaultSort) : null;

  const locked = async (trx: Trx, scope: SiteScope, id: string): Promise<Locked> => {
    const row = await lock(trx, scope.siteId, id, scope);
    if (!row) throw notFound(hooks.noun);
    return row;
  };

  const get = async (scope: SiteScope, id: string, expand = new Set<string>()): Promise<Rec> => {
    const row = await hooks.find(scope.ctx.db.kysely, scope.siteId, id, scope);
    if (!row) throw notFound(hooks.noun);
    const [record] = await hooks.shape(scope, [row], expand);
    return record!;
  };

  const list = async (scope: SiteScope, query: Q): Promise<Page<Rec>> => {
    if (!hooks.list || !spec) return missing(type, 'list');
    const { ctx, siteId } = scope;
    const page = await paginate(
      hooks.list.query(ctx.db.kysely, query, scope),
      spec,
      siteId,
      query,
      query,
      ctx.listTotals,
    );
    return { ...page, items: await hooks.shape(scope, page.items, expandSet(query.expand)) };
  };

  const createOrFind = async (scope: SiteScope, input: Create, key: string | null = null) => {
    const create = hooks.create ?? missing(type, 'create');
    const { ctx, siteId } = scope;
    create.check?.(scope, input);
    const made = await ctx.db.kysely.transaction().execute(async (trx) => {
      const id = newId();
      // A repeat of an earlier create (same Idempotency-Key) answers with that record.
      const earlier = type.idempotent
        ? await claimIdempotencyKey(trx, siteId, key, type.collection, id)
        : null;
      if (earlier) return { id: earlier, created: false };
      const standing = await create.existing?.(trx, scope, input);
      if (standing) return { id: standing, created: false };
      const slot: QuotaSlot | null = resource
        ? await checkQuota(trx, ctx, siteId, resource, 1, scope.subscription)
        : null;
      await create.validate?.(trx, scope, input);
      const written = (await create.insert(trx, scope, input, id, nowIso())) ?? id;
      if (entity) await auditCreated(trx, entity, siteId, written);
      await create.after?.(trx, scope, written, input);
      await slot?.take();
      return { id: written, created: true };
    });
    return { record: await get(scope, made.id), created: made.created };
  };

  const update = async (scope: SiteScope, id: string, input: Update): Promise<Rec> => {
    const hook = hooks.update ?? missing(type, 'update');
    const { siteId } = scope;
    const noted = await scope.ctx.db.kysely.transaction().execute(async (trx) => {
      const row = await locked(trx, scope, id);
      const changes = await hook.changes(trx, scope, row, input);
      const audit = entity ? await auditStart(trx, { entity, siteId, id, action: 'update' }) : null;
      await hook.write(trx, siteId, id, changes);
      await audit?.finish();
      await hook.after?.(trx, scope, id, input, row, changes);
      return changes;
    });
    const record = await get(scope, id);
    return hook.answer ? hook.answer(record, noted) : record;
  };

  const remove = async (scope: SiteScope, id: string): Promise<void> => {
    const hook = hooks.remove ?? missing(type, 'remove');
    const { siteId } = scope;
    const row = await scope.ctx.db.kysely.transaction().execute(async (trx) => {
      const existing = await locked(trx, scope, id);
      if (hook.inUse && (await hook.inUse.check(trx, siteId, id))) {
        throw new AppError('RECORD_IN_USE', { entity: hook.inUse.entity });
      }
      await hook.before?.(trx, scope, existing);
      const audit = entity ? await auditStart(trx, { entity, siteId, id, action: 'delete' }) : null;
      await hook.write(trx, siteId, id);
      await audit?.finish();
      await hook.after?.(trx, scope, existing);
      // The slot is the making site's: a shared master (issue 47) may go from another site.
      const maker = (existing as Partial<SiteRow>).site_id ?? siteId;
      if (resource) await releaseQuota(trx, maker, resource, existing.created);
      return existing;
    });
    await hook.committed?.(scope, row);
  };

  return {
    type,
    get,
    list,
    create: async (scope, input, key) => (await createOrFind(scope, input, key)).record,
    createOrFind,
    update,
    remove,
  };
}
