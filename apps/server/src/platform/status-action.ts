import type { AuditEntity } from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { nowIso } from '../db/ids.js';
import type { Database } from '../db/schema.js';
import { auditStart } from './audit.js';
import { AppError, notFound } from './errors.js';
import type { SiteScope } from './scope.js';

type Trx = Transaction<Database>;

/** A record type whose actions (submit, approve, issue, close…) start from given statuses. */
export interface StatusRules<Row extends { status: string }, A extends string> {
  entity: AuditEntity;
  /** Named in the 404: "<noun> not found". */
  noun: string;
  lock: (trx: Trx, siteId: string, id: string) => Promise<Row | undefined>;
  /** The statuses each action may start from (the domain's `*_FROM` tables). */
  from: Readonly<Record<A, readonly string[]>>;
}

/**
 * Locks the record, checks that `action` may start from its status (409 INVALID_STATUS with the
 * statuses it may start from), runs `change` and records it in the trail as an update, in one
 * transaction.
 */
export async function actOnStatus<Row extends { status: string }, A extends string>(
  scope: SiteScope,
  rules: StatusRules<Row, A>,
  id: string,
  action: A,
  change: (trx: Trx, row: Row, now: string) => Promise<void>,
): Promise<void> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await rules.lock(trx, siteId, id);
    if (!row) throw notFound(rules.noun);
    if (!rules.from[action].includes(row.status)) {
      throw new AppError('INVALID_STATUS', {
        status: row.status,
        allowed_from: rules.from[action],
      });
    }
    const audit = await auditStart(trx, { entity: rules.entity, siteId, id, action: 'update' });
    await change(trx, row, nowIso());
    await audit.finish();
  });
}
