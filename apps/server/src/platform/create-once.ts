import type { AuditEntity, PlanResource } from '@siteledger/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { auditCreated } from './audit.js';
import { claimIdempotencyKey } from './idempotency.js';
import { checkQuota } from './plan-limits.js';
import type { SiteScope } from './scope.js';

/** What a create writes besides its own rule checks: the audit trail's view of the new record. */
type Written = Record<string, unknown>;

/**
 * A create's one transaction, in the order every create keeps: its Idempotency-Key claimed (a
 * repeat answers the id of the record the key first made and writes nothing), the plan's room
 * checked when `planResource` is counted, `write` (the module's rules and SQL for record `id`;
 * it may answer the audit values when they are not the stored row), the audit entry, and the
 * plan slot taken last (platform/plan-limits.ts). Answers the earlier record's id, or null.
 */
export async function createOnce(
  scope: SiteScope,
  collection: AuditEntity,
  idempotencyKey: string | null,
  id: string,
  write: (trx: Transaction<Database>) => Promise<Written | void>,
  planResource?: PlanResource,
): Promise<string | null> {
  const { ctx, siteId } = scope;
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const earlier = await claimIdempotencyKey(trx, siteId, idempotencyKey, collection, id);
    if (earlier) return earlier;
    const slot = planResource
      ? await checkQuota(trx, ctx, siteId, planResource, 1, scope.subscription)
      : null;
    const written = await write(trx);
    await auditCreated(trx, collection, siteId, id, written ?? undefined);
    await slot?.take();
    return null;
  });
}
