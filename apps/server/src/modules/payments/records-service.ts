import {
  type CreditNoteUsage,
  type CreditNoteUsageListQuery,
  type PaymentAllocation,
  type PaymentAllocationListQuery,
} from '@siteledger/domain';
import { type ListSpec, type Page } from '../../platform/list.js';
import { listShaped } from '../../platform/list-shaped.js';
import * as repo from './payments-repo.js';
import { shapeAllocations, shapeUsage } from './payments-shape.js';
import type { SiteScope } from '../../platform/scope.js';

const ALLOCATIONS: ListSpec = {
  table: 'payment_allocations',
  sortable: ['created', 'allocated_amount'],
  defaultSort: '-created',
  filters: ['payment', 'delivery', 'service_booking'],
};

/** Read-only list of allocations (canViewFinancials). */
export async function listAllocations(
  scope: SiteScope,
  query: PaymentAllocationListQuery,
): Promise<Page<PaymentAllocation>> {
  const db = scope.ctx.db.kysely;
  return listShaped(scope, repo.allocationsQuery(db), ALLOCATIONS, query, (rows, expand) =>
    shapeAllocations(db, scope.siteId, rows, expand),
  );
}

const USAGE: ListSpec = {
  table: 'credit_note_usage',
  sortable: ['used_date', 'used_amount', 'created'],
  defaultSort: '-used_date',
  filters: ['credit_note', 'payment', 'vendor'],
  search: ['description'],
  dateColumn: 'used_date',
};

/** Read-only list of credit-note usage (canViewFinancials). */
export async function listUsage(
  scope: SiteScope,
  query: CreditNoteUsageListQuery,
): Promise<Page<CreditNoteUsage>> {
  const db = scope.ctx.db.kysely;
  return listShaped(scope, repo.usageQuery(db), USAGE, query, (rows, expand) =>
    shapeUsage(db, scope.siteId, rows, expand),
  );
}
