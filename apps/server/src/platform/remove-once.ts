import type { AuditEntity, PlanResource } from '@siteledger/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { auditStart } from './audit.js';
import { notFound } from './errors.js';
import { releaseQuota } from './plan-limits.js';
import type { SiteScope } from './scope.js';

type Trx = Transaction<Database>;

/** What one record type's delete does inside the shared skeleton of removeOnce. */
export interface RemoveSteps<Row, T> {
  /** Named in the 404: "<noun> not found". */
  noun: string;
  /** The row, locked for the transaction (PostgreSQL; SQLite writers are serial). */
  lock: (trx: Trx, siteId: string, id: string) => Promise<Row | undefined>;
  /** Refusals (in use, past deleting), before the trail reads the record. */
  check?: (trx: Trx, row: Row) => Promise<void> | void;
  /** The module's SQL and side effects; answers what the caller needs once committed (files). */
  remove: (trx: Trx, row: Row) => Promise<T>;
  /** Counted by plan limits: the slot of the record's month is given back. */
  planResource?: PlanResource;
}

/**
 * A delete's one transaction, in the order every delete keeps: the row locked (404 when it is
 * not the site's), the refusals, the trail's snapshot, the module's statements, the trail's
 * entry, and the plan slot given back. Files leave the disk after, in the caller, once the
 * delete is committed.
 */
export function removeOnce<Row extends { created: string }, T>(
  scope: SiteScope,
  entity: AuditEntity,
  id: string,
  steps: RemoveSteps<Row, T>,
): Promise<T> {
  const { ctx, siteId } = scope;
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await steps.lock(trx, siteId, id);
    if (!row) throw notFound(steps.noun);
    await steps.check?.(trx, row);
    const audit = await auditStart(trx, { entity, siteId, id, action: 'delete' });
    const out = await steps.remove(trx, row);
    await audit.finish();
    if (steps.planResource) await releaseQuota(trx, siteId, steps.planResource, row.created);
    return out;
  });
}
