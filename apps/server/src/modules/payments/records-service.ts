import {
  toRupees,
  type CreditNoteUsage,
  type CreditNoteUsageListQuery,
  type PaymentAllocation,
  type PaymentAllocationListQuery,
  type VendorPayables,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { paginate, type ListSpec, type Page } from '../../platform/list.js';
import { expandSet } from '../../platform/route-params.js';
import { businessToday } from '../../platform/business-time.js';
import * as payables from './payables-repo.js';
import * as repo from './payments-repo.js';
import { shapeAllocations, shapeUsage } from './payments-shape.js';

const ALLOCATIONS: ListSpec = {
  table: 'payment_allocations',
  sortable: ['created', 'allocated_amount'],
  defaultSort: '-created',
  filters: ['payment', 'delivery', 'service_booking'],
};

/** Read-only list of allocations (canViewFinancials). */
export async function listAllocations(
  ctx: AppContext,
  siteId: string,
  query: PaymentAllocationListQuery,
): Promise<Page<PaymentAllocation>> {
  const page = await paginate(
    repo.allocationsQuery(ctx.db.kysely),
    ALLOCATIONS,
    siteId,
    query,
    query,
    ctx.listTotals,
  );
  return {
    ...page,
    items: await shapeAllocations(ctx.db.kysely, siteId, page.items, expandSet(query.expand)),
  };
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
  ctx: AppContext,
  siteId: string,
  query: CreditNoteUsageListQuery,
): Promise<Page<CreditNoteUsage>> {
  const page = await paginate(
    repo.usageQuery(ctx.db.kysely),
    USAGE,
    siteId,
    query,
    query,
    ctx.listTotals,
  );
  return {
    ...page,
    items: await shapeUsage(ctx.db.kysely, siteId, page.items, expandSet(query.expand)),
  };
}

/** Open items shown by the payment form per kind; the totals still cover all of them. */
const PAYABLES_LIMIT = 500;

/** What the payment form offers for a vendor: open items oldest first, usable credit notes. */
export async function vendorPayables(
  ctx: AppContext,
  siteId: string,
  vendorId: string,
): Promise<VendorPayables> {
  const db = ctx.db.kysely;
  if (!(await payables.vendorExists(db, siteId, vendorId))) throw notFound('Vendor');
  const today = businessToday(ctx.config.timezone);
  const [deliveries, bookings, notes, totalDue] = await Promise.all([
    payables.openDeliveries(db, siteId, vendorId, PAYABLES_LIMIT + 1),
    payables.openBookings(db, siteId, vendorId, PAYABLES_LIMIT + 1),
    payables.usableCreditNotes(db, siteId, vendorId, today),
    payables.totalDue(db, siteId, vendorId),
  ]);
  const money = <T extends { total_amount: number; paid_amount: number }>(row: T) => ({
    ...row,
    total_amount: toRupees(row.total_amount),
    paid_amount: toRupees(row.paid_amount),
    due: toRupees(row.total_amount - row.paid_amount),
  });
  return {
    deliveries: deliveries.slice(0, PAYABLES_LIMIT).map(money),
    service_bookings: bookings.slice(0, PAYABLES_LIMIT).map(money),
    credit_notes: notes.map((note) => ({ ...note, balance: toRupees(note.balance) })),
    total_due: toRupees(totalDue),
    credit_balance: toRupees(notes.reduce((sum, note) => sum + note.balance, 0)),
    truncated: deliveries.length > PAYABLES_LIMIT || bookings.length > PAYABLES_LIMIT,
  };
}
