import { z } from 'zod';
import { ACCOUNT_TYPES } from './accounts.js';
import { zDate, zId } from './common.js';
import { LEDGER_ENTRY_TYPES } from './ledger.js';

/**
 * The owner's view across a business's sites (issue 47): an overview of each active site, the cash
 * position over its accounts, payables ageing by party, and one party's statement across sites.
 * Every figure is the per-site screen's own, summed: rupees with two decimals, as elsewhere.
 */

const zPendingApprovals = z.object({
  material_requests: z.number().int(),
  petty_expenses: z.number().int(),
  ra_bills: z.number().int(),
  stock_adjustments: z.number().int(),
  total: z.number().int(),
});

const zOverviewFigures = z.object({
  /** The site dashboard's total_expenses. */
  spend: z.number(),
  /** The site dashboard's current_month_expenses. */
  spend_month: z.number(),
  /** The whole site's spend to date: the site dashboard's site_spend.total. */
  site_spend: z.number(),
  /** The same this month: the site dashboard's site_spend_month.total. */
  site_spend_month: z.number(),
  /** The site dashboard's outstanding_amount. */
  payables: z.number(),
  /** As GET /api/reports/budget_overview: budget, forecast at completion, budget − forecast. */
  budget: z.number(),
  budget_forecast: z.number(),
  budget_variance: z.number(),
  /** The site's stock report total_value. */
  stock_value: z.number(),
  pending_approvals: zPendingApprovals,
});

/** GET /api/businesses/{id}/overview. */
export const zBusinessOverview = z.object({
  as_of: z.string(),
  sites: z.array(zOverviewFigures.extend({ site: z.string(), name: z.string() })),
  totals: zOverviewFigures,
});
export type BusinessOverview = z.infer<typeof zBusinessOverview>;

/** GET /api/businesses/{id}/cash_position. */
export const zCashPosition = z.object({
  as_of: z.string(),
  accounts: z.array(
    z.object({
      id: z.string(),
      site: z.string(),
      site_name: z.string(),
      name: z.string(),
      type: z.enum(ACCOUNT_TYPES),
      bank_name: z.string().nullable(),
      current_balance: z.number(),
      is_active: z.boolean(),
    }),
  ),
  by_type: z.array(z.object({ type: z.enum(ACCOUNT_TYPES), balance: z.number() })),
  total: z.number(),
});
export type CashPosition = z.infer<typeof zCashPosition>;

export const zPayablesAgeingQuery = z.object({
  /** Default: today in the business's time zone. */
  as_of: zDate.optional(),
});
export type PayablesAgeingQuery = z.infer<typeof zPayablesAgeingQuery>;

const zAgeing = z.object({
  '0_30': z.number(),
  '31_60': z.number(),
  '61_90': z.number(),
  '90_plus': z.number(),
  total: z.number(),
});

const zPartySite = z.object({ site: z.string(), site_name: z.string(), vendor: z.string() });

/** GET /api/businesses/{id}/payables_ageing. */
export const zPayablesAgeing = z.object({
  as_of: z.string(),
  vendors: z.array(
    zAgeing.extend({
      /** The party's first vendor's id (a party is one row however many sites know it). */
      key: z.string(),
      name: z.string(),
      gstin: z.string().nullable(),
      sites: z.array(zPartySite),
    }),
  ),
  totals: zAgeing,
});
export type PayablesAgeing = z.infer<typeof zPayablesAgeing>;

export const zVendorStatementQuery = z.object({
  vendor: zId,
  from: zDate.optional(),
  to: zDate.optional(),
});
export type VendorStatementQuery = z.infer<typeof zVendorStatementQuery>;

const zStatementFigures = z.object({
  total_billed: z.number(),
  total_paid: z.number(),
  outstanding: z.number(),
  credit_balance: z.number(),
  advance: z.number(),
  /** The running balance after the vendor's last entry (all time). */
  ledger_balance: z.number(),
  /** Since the financial year began, as the vendor record gives it. */
  tds_deducted: z.number(),
});

/** GET /api/businesses/{id}/vendor_statement. */
export const zVendorStatement = z.object({
  party: z.object({ name: z.string(), gstin: z.string().nullable() }),
  /** Each site's vendor ledger summary (GET …/vendors/{id}/ledger), one row per vendor. */
  sites: z.array(zStatementFigures.extend(zPartySite.shape)),
  totals: zStatementFigures,
  /** Σ of the sites' balances before `from`, and after the last entry up to `to`. */
  opening_balance: z.number(),
  closing_balance: z.number(),
  entries: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      site: z.string(),
      site_name: z.string(),
      type: z.enum(LEDGER_ENTRY_TYPES),
      reference: z.string().nullable(),
      /** The supplier's document number (invoice, credit note) when the entry carries one. */
      description: z.string().nullable(),
      debit: z.number(),
      credit: z.number(),
      /** One running balance across the sites, from opening_balance. */
      balance: z.number(),
    }),
  ),
});
export type VendorStatement = z.infer<typeof zVendorStatement>;
