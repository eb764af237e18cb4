import { registryTables } from '@siteledger/domain';
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';
import { runAsActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { lockBusinesses } from './businesses-repo.js';

/*
 * What merging a business's duplicate masters (vendors, money accounts: issue 47) shares: the
 * owner check, the business's sites, and the records naming a master, counted or re-pointed by
 * the registry's references — a new record type's references are merged as soon as declared.
 */

/** 404 unless `userId` owns the business (another's is not there, as for any record). */
export async function ownedBusiness(db: Executor, userId: string, businessId: string) {
  const business = await db
    .selectFrom('businesses')
    .select(['id', 'owner'])
    .where('id', '=', businessId)
    .executeTakeFirst();
  if (!business || business.owner !== userId) throw notFound('Business');
}

/** The business's sites: id → name. */
export async function businessSites(
  db: Executor,
  businessId: string,
): Promise<Map<string, string>> {
  const sites = await db
    .selectFrom('sites')
    .select(['id', 'name'])
    .where('business_id', '=', businessId)
    .execute();
  return new Map(sites.map((s) => [s.id, s.name]));
}

/**
 * [table, column] of every record that names a row of `target` (link tables `except`ed), those
 * that name another site's by design too (a transfer line's received item).
 */
export function referencesTo(target: string, except: readonly string[] = []) {
  return registryTables()
    .flatMap(({ table, fields }) =>
      Object.entries(fields).flatMap(([column, codec]) =>
        codec.kind === 'ref' && codec.target === target ? [[table, column] as const] : [],
      ),
    )
    .filter(([table]) => !except.includes(table));
}

/** How many records of each kind name the rows (table → count; none: left out). */
export async function countReferences(
  db: Executor,
  refs: readonly (readonly [string, string])[],
  ids: readonly string[],
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [table, column] of refs) {
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
      where ${sql.ref(column)} in (${sql.join([...ids])})`.execute(db);
    const n = Number(row.rows[0]?.n ?? 0);
    if (n > 0) out[table] = (out[table] ?? 0) + n;
  }
  return out;
}

/** Every record naming one of `ids` names `keep` instead. */
export async function repointReferences(
  trx: Executor,
  refs: readonly (readonly [string, string])[],
  ids: readonly string[],
  keep: string,
): Promise<void> {
  for (const [table, column] of refs) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${keep}
      where ${sql.ref(column)} in (${sql.join([...ids])})`.execute(trx);
  }
}

/** Every site of the business shows other masters now: live views and kept totals hear of it. */
export function announceMerge(
  ctx: AppContext,
  sites: readonly string[],
  userId: string,
  collection: string,
  changed: readonly string[],
) {
  for (const site of sites) {
    ctx.siteChanges.changed(site);
    ctx.events.publish(site, {
      collection,
      action: 'update',
      id: null,
      user: userId,
      changed: [...changed],
    });
  }
}

/** What differs between merging vendors and merging accounts (`runMerge`). */
export interface MergeSpec<Row extends { id: string; site_id: string }, Answer, Written> {
  /** The body's list field, where its refusals are reported (`vendors`, `accounts`). */
  field: string;
  /** Named in a 404 of `keep` ("Vendor not found"). */
  noun: string;
  /** The refusal of a body that names nothing besides `keep`. */
  pickMessage: string;
  /** The refusal of a body naming one the business does not have. */
  unknownMessage: string;
  /** The rows among `ids`, locked in id order when `trx` is given (a merge), else read. */
  rows: (db: Executor, trx: Transaction<Database> | null, ids: string[]) => Promise<Row[]>;
  /** Refusals of the set itself (two GSTINs, two account types). */
  check: (keep: Row, gone: Row[]) => void;
  /** The answer, as a preview and a merge both give it. */
  answer: (keep: Row, gone: Row[], others: string[]) => Promise<Answer>;
  /** The merge's writes, in its transaction. */
  write: (trx: Transaction<Database>, keep: Row, gone: Row[]) => Promise<Written>;
}

/**
 * A merge of `others` into `keep` among the business's masters (owner only): checked, answered,
 * and — unless a preview — written in one transaction with the business locked, as the owner
 * (the trail names them). Answers what the writes returned too, for work after the commit.
 */
export async function runMerge<Row extends { id: string; site_id: string }, Answer, Written>(
  ctx: AppContext,
  userId: string,
  businessId: string,
  input: { keep: string; ids: readonly string[]; preview?: boolean | undefined },
  spec: MergeSpec<Row, Answer, Written>,
): Promise<{ answer: Answer; written: Written | null; sites: string[] }> {
  const others = [...new Set(input.ids)].filter((id) => id !== input.keep);
  if (others.length === 0) {
    throw new AppError('VALIDATION_FAILED', {
      [spec.field]: { code: 'invalid_reference', message: spec.pickMessage },
    });
  }
  // `trx`: the merge's transaction; a preview reads outside one.
  const run = async (db: Executor, trx: Transaction<Database> | null) => {
    await ownedBusiness(db, userId, businessId);
    if (trx) await lockBusinesses(trx, [businessId]);
    const sites = await businessSites(db, businessId);
    const rows = await spec.rows(db, trx, [input.keep, ...others]);
    const keep = rows.find((r) => r.id === input.keep && sites.has(r.site_id));
    if (!keep) throw notFound(spec.noun);
    const found = others.map((id) => rows.find((r) => r.id === id && sites.has(r.site_id)));
    const gone = found.filter((r): r is Row => r !== undefined);
    if (gone.length !== found.length) {
      throw new AppError('VALIDATION_FAILED', {
        [spec.field]: { code: 'invalid_reference', message: spec.unknownMessage },
      });
    }
    spec.check(keep, gone);
    const answer = await spec.answer(keep, gone, others);
    const written = trx ? await spec.write(trx, keep, gone) : null;
    return { answer, written, sites: [...sites.keys()] };
  };
  return input.preview
    ? run(ctx.db.kysely, null)
    : runAsActor(userId, () => ctx.db.kysely.transaction().execute((trx) => run(trx, trx)));
}
