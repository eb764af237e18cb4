/**
 * The owner's view across a business's sites (issue 47). Every per-site figure is the one the
 * site's own screen shows, read through that module's function (handed in by app.ts: modules do
 * not import each other's services), and the totals are their sums in paise.
 */
import {
  ACCOUNT_TYPES,
  toPaise,
  type BudgetOverview,
  type BusinessOverview,
  type CashPosition,
  type Dashboard,
  type StockQuery,
  type StockReport,
  type Vendor,
  type VendorLedger,
  type VendorLedgerQuery,
} from '@siteledger/domain';
import { findOwnedBusiness } from '../../db/business-rows.js';
import type { Executor } from '../../db/executor.js';
import { businessToday } from '../../platform/business-time.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { rupees } from '../../platform/record-shape.js';
import { scopeFor, type SiteScope } from '../../platform/scope.js';
import * as repo from './across-sites-repo.js';

/** The other modules' reads this one sums (wired in app.ts). */
export interface AcrossSitesSources {
  /** modules/dashboard getDashboard. */
  dashboard: (scope: SiteScope) => Promise<Dashboard>;
  /** modules/budgets budgetOverview: the caller's owned sites, one row each. */
  budgetOverview: (db: Executor, userId: string) => Promise<BudgetOverview>;
  /** modules/stock stockReport (its total_value). */
  stockReport: (scope: SiteScope, query: StockQuery) => Promise<StockReport>;
  /** modules/ledger vendorLedger. */
  vendorLedger: (scope: SiteScope, id: string, query: VendorLedgerQuery) => Promise<VendorLedger>;
  /** The vendor read (GET …/vendors/{id}), for its tds_deducted. */
  vendor: (scope: SiteScope, id: string) => Promise<Vendor>;
}

export interface BusinessSite {
  id: string;
  name: string;
}

/** The business's active sites, when the caller owns it; another's business is not there. */
export async function ownedSites(
  ctx: AppContext,
  userId: string,
  businessId: string,
): Promise<BusinessSite[]> {
  const db = ctx.db.kysely;
  if (!(await findOwnedBusiness(db, businessId, userId))) throw notFound('Business');
  return repo.activeSites(db, businessId);
}

/** Sums rupee figures to the paisa (each is already rounded to it). */
export function sumRupees(values: Iterable<number>): number {
  let paise = 0;
  for (const value of values) paise += toPaise(value);
  return rupees({ paise }).paise;
}

type Figures = Omit<BusinessOverview['totals'], 'pending_approvals'>;
const MONEY_KEYS = [
  'spend',
  'spend_month',
  'site_spend',
  'site_spend_month',
  'payables',
  'budget',
  'budget_forecast',
  'budget_variance',
  'stock_value',
] as const satisfies readonly (keyof Figures)[];
const COUNT_KEYS = [
  'material_requests',
  'petty_expenses',
  'ra_bills',
  'stock_adjustments',
] as const;

/** GET /api/businesses/{id}/overview: each active site's spend, payables, budget, stock, approvals. */
export async function businessOverview(
  ctx: AppContext,
  sources: AcrossSitesSources,
  userId: string,
  businessId: string,
): Promise<BusinessOverview> {
  const sites = await ownedSites(ctx, userId, businessId);
  const db = ctx.db.kysely;
  const [budgets, pending] = await Promise.all([
    sources.budgetOverview(db, userId),
    repo.pendingCounts(
      db,
      sites.map((s) => s.id),
    ),
  ]);
  const budgetOf = new Map(budgets.items.map((row) => [row.site, row]));
  const rows: BusinessOverview['sites'] = [];
  // One site at a time: each dashboard already runs its queries side by side.
  for (const site of sites) {
    const scope = scopeFor(ctx, site.id, userId);
    const [dashboard, stock] = await Promise.all([
      sources.dashboard(scope),
      sources.stockReport(scope, {}),
    ]);
    const budget = budgetOf.get(site.id);
    const counts = pending.get(site.id) ?? {
      material_requests: 0,
      petty_expenses: 0,
      ra_bills: 0,
      stock_adjustments: 0,
    };
    rows.push({
      site: site.id,
      name: site.name,
      spend: dashboard.total_expenses,
      spend_month: dashboard.current_month_expenses,
      site_spend: dashboard.site_spend.total,
      site_spend_month: dashboard.site_spend_month.total,
      payables: dashboard.outstanding_amount,
      budget: budget?.budget ?? 0,
      budget_forecast: budget?.forecast ?? 0,
      budget_variance: budget?.variance ?? 0,
      stock_value: stock.total_value,
      pending_approvals: {
        ...counts,
        total: COUNT_KEYS.reduce((sum, key) => sum + counts[key], 0),
      },
    });
  }
  const money = Object.fromEntries(
    MONEY_KEYS.map((key) => [key, sumRupees(rows.map((row) => row[key]))]),
  ) as Record<(typeof MONEY_KEYS)[number], number>;
  const counts = Object.fromEntries(
    [...COUNT_KEYS, 'total' as const].map((key) => [
      key,
      rows.reduce((sum, row) => sum + row.pending_approvals[key], 0),
    ]),
  ) as BusinessOverview['totals']['pending_approvals'];
  return {
    as_of: businessToday(ctx.config.timezone),
    sites: rows,
    totals: { ...money, pending_approvals: counts },
  };
}

/** GET /api/businesses/{id}/cash_position: every account of the sites, by type and in total. */
export async function cashPosition(
  ctx: AppContext,
  userId: string,
  businessId: string,
): Promise<CashPosition> {
  const sites = await ownedSites(ctx, userId, businessId);
  const nameOf = new Map(sites.map((s) => [s.id, s.name]));
  const order = new Map(sites.map((s, i) => [s.id, i]));
  const accounts = await repo.accountsOf(ctx.db.kysely, [...nameOf.keys()]);
  const byType = new Map<CashPosition['by_type'][number]['type'], number>();
  let total = 0;
  const rows = accounts
    .map((account) => {
      const balance = Number(account.current_balance);
      byType.set(account.type, (byType.get(account.type) ?? 0) + balance);
      total += balance;
      return {
        id: account.id,
        site: account.site_id,
        site_name: nameOf.get(account.site_id) ?? '',
        name: account.name,
        type: account.type,
        bank_name: account.bank_name,
        ...rupees({ current_balance: balance }),
        is_active: Number(account.is_active) === 1,
      };
    })
    // By site (as the sites are listed), then by account name.
    .sort((a, b) => (order.get(a.site) ?? 0) - (order.get(b.site) ?? 0));
  return {
    as_of: businessToday(ctx.config.timezone),
    accounts: rows,
    by_type: ACCOUNT_TYPES.flatMap((type) => {
      const balance = byType.get(type);
      return balance === undefined ? [] : [{ type, ...rupees({ balance }) }];
    }),
    ...rupees({ total }),
  };
}
