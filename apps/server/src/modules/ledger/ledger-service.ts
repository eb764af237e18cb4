import {
  type LedgerEntry,
  type LedgerEntryType,
  type StatusFigures,
  type VendorLedger,
  type VendorLedgerQuery,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { businessToday } from '../../platform/business-time.js';
import { findVendor } from '../vendors/vendors-repo.js';
import type { SiteMemo } from '../../platform/site-memo.js';
import * as repo from './ledger-repo.js';
import { rupees } from '../../platform/record-shape.js';
import type { SiteScope } from '../../platform/scope.js';

const EMPTY: StatusFigures = { count: 0, total_amount: 0, paid_amount: 0, due: 0 };

/** Figures by payment_status, every status present (zero when none). */
function byStatus<S extends string>(
  rows: repo.StatusRow[],
  statuses: readonly S[],
): Record<S, StatusFigures> {
  const out = Object.fromEntries(statuses.map((s) => [s, { ...EMPTY }])) as Record<
    S,
    StatusFigures
  >;
  for (const row of rows) {
    if (!(statuses as readonly string[]).includes(row.payment_status)) continue;
    out[row.payment_status as S] = {
      count: row.count,
      ...rupees({ total_amount: row.total_amount, paid_amount: row.paid_amount, due: row.due }),
    };
  }
  return out;
}

function toEntry(row: repo.LedgerRow): LedgerEntry {
  return {
    id: row.id,
    date: row.date,
    type: row.type as LedgerEntryType,
    reference: row.reference,
    ...rupees({ debit: row.debit, credit: row.credit, balance: row.balance, amount: row.amount }),
    supplier_invoice_number: row.supplier_invoice_number ?? null,
  };
}

/**
 * A vendor's ledger: all-time figures, the payment-status breakdown, and one page of entries in
 * the date range with running balances. Everything is summed and ordered in SQL.
 */
export function vendorLedger(
  scope: SiteScope,
  vendorId: string,
  query: VendorLedgerQuery,
  memo?: SiteMemo<VendorLedger>,
): Promise<VendorLedger> {
  const { ctx, siteId } = scope;
  const today = businessToday(ctx.config.timezone);
  const compute = () => computeLedger(ctx, siteId, vendorId, query, today);
  // Kept per vendor, query and business day (expired credit notes enter on a new day).
  const key = `${vendorId}\n${today}\n${query.from ?? ''}\n${query.to ?? ''}\n${query.sort}\n${query.page}\n${query.perPage}`;
  return memo ? memo.get(siteId, key, compute) : compute();
}

async function computeLedger(
  ctx: AppContext,
  siteId: string,
  vendorId: string,
  query: VendorLedgerQuery,
  today: string,
): Promise<VendorLedger> {
  const db = ctx.db.kysely;
  const vendor = await findVendor(db, siteId, vendorId, today);
  if (!vendor) throw notFound('Vendor');
  const range = { from: query.from ?? '', to: query.to ?? '9999-12-31' };
  const [totals, rows, breakdown] = await Promise.all([
    repo.ledgerTotals(db, siteId, vendorId, today, range),
    repo.ledgerPage(db, siteId, vendorId, today, range, {
      limit: query.perPage,
      offset: (query.page - 1) * query.perPage,
      descending: query.sort === '-date',
    }),
    repo.statusBreakdown(db, siteId, vendorId),
  ]);
  return {
    summary: rupees({
      total_billed: vendor.total_billed,
      total_paid: vendor.total_paid,
      outstanding: vendor.outstanding,
      credit_balance: vendor.credit_balance,
      advance: vendor.advance,
      ledger_balance: totals.total,
    }),
    status_breakdown: {
      deliveries: byStatus(breakdown.deliveries, ['pending', 'partial', 'paid'] as const),
      service_bookings: byStatus(breakdown.bookings, [
        'pending',
        'partial',
        'currently_paid_up',
        'paid',
      ] as const),
    },
    ...rupees({
      opening_balance: totals.opening,
      closing_balance: totals.opening + totals.movement,
    }),
    entries: rows.map(toEntry),
    page: query.page,
    perPage: query.perPage,
    totalItems: totals.count,
    totalPages: Math.ceil(totals.count / query.perPage),
  };
}
