import type { AuditAction } from '@siteledger/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface AuditFilter {
  siteId: string;
  user?: string | undefined;
  entity?: string | undefined;
  record?: string | undefined;
  action?: AuditAction | undefined;
  /** Bounds on `at` (ISO text compares in time order). */
  fromAt?: string | undefined;
  beforeAt?: string | undefined;
}

export interface AuditRow {
  id: string;
  at: string;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  entity: string;
  record_id: string;
  action: AuditAction;
  changes: string;
}

function filtered(db: Kysely<Database>, f: AuditFilter) {
  let query = db.selectFrom('audit_log').where('audit_log.site_id', '=', f.siteId);
  if (f.user) query = query.where('audit_log.user_id', '=', f.user);
  if (f.entity) query = query.where('audit_log.entity', '=', f.entity);
  if (f.record) query = query.where('audit_log.record_id', '=', f.record);
  if (f.action) query = query.where('audit_log.action', '=', f.action);
  if (f.fromAt) query = query.where('audit_log.at', '>=', f.fromAt);
  if (f.beforeAt) query = query.where('audit_log.at', '<', f.beforeAt);
  return query;
}

export async function countEntries(db: Kysely<Database>, f: AuditFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first; the id breaks ties between entries of the same instant. */
export function pageOfEntries(
  db: Kysely<Database>,
  f: AuditFilter,
  limit: number,
  offset: number,
): Promise<AuditRow[]> {
  return filtered(db, f)
    .leftJoin('users', 'users.id', 'audit_log.user_id')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.user_id',
      'users.name as user_name',
      'users.email as user_email',
      'audit_log.entity',
      'audit_log.record_id',
      'audit_log.action',
      'audit_log.changes',
    ])
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
