import {
  FINANCIAL_AUDIT_ENTITIES,
  hasPermission,
  ruleAreaOf,
  type AuditEntity,
  type AuditEntry,
  type AuditListQuery,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { pageOf, type Page } from '../../platform/list.js';
import * as repo from './audit-repo.js';
import { rightsOf, type SiteScope } from '../../platform/scope.js';

function toEntry(row: repo.AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    user: row.user_id,
    user_name: row.user_name,
    user_email: row.user_email,
    entity: row.entity as AuditEntity,
    record_id: row.record_id,
    action: row.action,
    changes: JSON.parse(row.changes) as AuditEntry['changes'],
  };
}

/** The day after `date` (YYYY-MM-DD), as the ISO instant that starts it. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

async function page(
  ctx: AppContext,
  filter: repo.AuditFilter,
  query: Pick<AuditListQuery, 'page' | 'perPage' | 'skipTotal'>,
): Promise<Page<AuditEntry>> {
  const skipTotal = query.skipTotal === '1' || query.skipTotal === 'true';
  const offset = (query.page - 1) * query.perPage;
  const [rows, total] = await Promise.all([
    repo.pageOfEntries(ctx.db.kysely, filter, query.perPage, offset),
    skipTotal ? Promise.resolve(-1) : repo.countEntries(ctx.db.kysely, filter),
  ]);
  return pageOf(query, total, rows.map(toEntry));
}

/** The site's activity log (owners only, route access): filter by person, record type, action, date. */
export function siteActivity(scope: SiteScope, query: AuditListQuery): Promise<Page<AuditEntry>> {
  const { ctx, siteId } = scope;
  return page(
    ctx,
    {
      siteId,
      user: query.user,
      entity: query.entity,
      record: query.record,
      action: query.action,
      fromAt: query.from ? `${query.from}T00:00:00.000Z` : undefined,
      beforeAt: query.to ? dayAfter(query.to) : undefined,
    },
    query,
  );
}

/** One record's history, for any member who may read that kind of record. */
export function recordHistory(
  scope: SiteScope,
  entity: AuditEntity,
  recordId: string,
  query: Pick<AuditListQuery, 'page' | 'perPage' | 'skipTotal'>,
): Promise<Page<AuditEntry>> {
  const { ctx, siteId, role } = scope;
  if (FINANCIAL_AUDIT_ENTITIES.includes(entity) && !hasPermission(role, 'canViewFinancials')) {
    throw new AppError('PERMISSION_DENIED');
  }
  // An account's or a payment's history is its record: not for a role the business keeps from it.
  const area = ruleAreaOf(entity);
  if (area && !rightsOf(scope)[area].read) throw new AppError('PERMISSION_DENIED');
  return page(ctx, { siteId, entity, record: recordId }, query);
}
