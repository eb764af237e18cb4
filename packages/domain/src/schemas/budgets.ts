import { z } from 'zod';
import { BUDGET_HEADS } from '../budget.js';
import { hasAtMostDecimals } from '../money.js';
import { zLine, zMultiline } from '../text.js';
import { zCountedQuantity, zId, zListQuery, zRupees } from './common.js';

/** API.md "Budgets". */
export const zBudgetHead = z.enum(BUDGET_HEADS);

const zPercentComplete = z
  .number()
  .finite()
  .min(0)
  .max(100)
  .refine((v) => hasAtMostDecimals(v, 2), 'At most 2 decimals');

const lineFields = {
  head: zBudgetHead,
  name: zLine(200).min(1, 'Name is required'),
  /** The material this line budgets (its deliveries, orders and consumption count here). */
  item: zId.optional().nullable(),
  quantity: zCountedQuantity.optional().nullable(),
  unit_rate: zRupees.optional().nullable(),
  /** The budget; quantity × unit_rate when both are sent. */
  amount: zRupees.optional().nullable(),
  percent_complete: zPercentComplete.optional().nullable(),
  notes: zMultiline(1000).optional().nullable(),
};

export const zBudgetLineCreate = z.object(lineFields);
export type BudgetLineCreate = z.infer<typeof zBudgetLineCreate>;

/** A revision keeps the original: `reason` says why the budget moved. */
export const zBudgetLineUpdate = z
  .object(lineFields)
  .partial()
  .extend({ reason: zLine(300).optional().nullable() });
export type BudgetLineUpdate = z.infer<typeof zBudgetLineUpdate>;

export const zBudgetQuantityView = z.object({
  budget: z.number(),
  ordered: z.number(),
  received: z.number(),
  consumed: z.number(),
  /** Open PO lines' unreceived quantity. */
  on_order: z.number(),
  /** Left to order: budget − received − on order (negative: past it). */
  remaining: z.number(),
  consumption_variance: z.number().nullable(),
  consumption_percent: z.number().nullable(),
  flag: z.boolean(),
});
export type BudgetQuantityView = z.infer<typeof zBudgetQuantityView>;

export const zBudgetRevision = z.object({
  id: z.string(),
  old_amount: z.number(),
  new_amount: z.number(),
  old_quantity: z.number().nullable(),
  new_quantity: z.number().nullable(),
  reason: z.string().nullable(),
  changed_by: z.string().nullable(),
  /** Who changed it, by name (null once the person is gone). */
  changed_by_name: z.string().nullable(),
  created: z.string(),
});

export const zBudgetLine = z.object({
  id: z.string(),
  site: z.string(),
  head: zBudgetHead,
  name: z.string(),
  item: z.string().nullable(),
  quantity: z.number().nullable(),
  unit_rate: z.number().nullable(),
  /**
   * What the caller sees (issue 45): `full` (owners, accountants, supervisors never see money);
   * a supervisor sees `quantities` when the site's `supervisor_budget_view` allows, else `names`
   * (the line to book against). Money fields are null unless `full`; `quantity`, `quantity_view`
   * are null under `names`.
   */
  view: z.enum(['full', 'quantities', 'names']),
  /** The budget now; `original_amount` what it was first. */
  amount: z.number().nullable(),
  original_amount: z.number().nullable(),
  percent_complete: z.number().nullable(),
  notes: z.string().nullable(),
  committed: z.number().nullable(),
  actual: z.number().nullable(),
  remaining: z.number().nullable(),
  /** Forecast at completion (domain `forecastAtCompletion`). */
  forecast: z.number().nullable(),
  quantity_view: zBudgetQuantityView.nullable(),
  revisions: z.array(zBudgetRevision),
  created_by: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type BudgetLine = z.infer<typeof zBudgetLine>;

/** A line as owners and accountants read it: every figure there. */
export type FullBudgetLine = BudgetLine & {
  view: 'full';
  amount: number;
  original_amount: number;
  committed: number;
  actual: number;
  remaining: number;
  forecast: number;
};

export function isFullBudgetLine(line: BudgetLine): line is FullBudgetLine {
  return (
    line.view === 'full' &&
    line.amount !== null &&
    line.original_amount !== null &&
    line.committed !== null &&
    line.actual !== null &&
    line.remaining !== null &&
    line.forecast !== null
  );
}

export const zBudgetLineListQuery = zListQuery.extend({
  head: zBudgetHead.optional(),
  item: zId.optional(),
});
export type BudgetLineListQuery = z.infer<typeof zBudgetLineListQuery>;

/** GET …/reports/budget */
export const zBudgetReportQuery = z.object({
  /** json (default); csv, pdf or xlsx: the report as a file, "budget-<site>-<date>.<ext>". */
  format: z.enum(['json', 'csv', 'pdf', 'xlsx']).optional(),
});

export const zBudgetReportLine = z.object({
  id: z.string(),
  head: zBudgetHead,
  name: z.string(),
  budget: z.number(),
  committed: z.number(),
  actual: z.number(),
  remaining: z.number(),
  /** API.md's fields exactly (the record's quantity view adds `remaining`). */
  quantity: zBudgetQuantityView.omit({ on_order: true, remaining: true }).optional(),
});
export type BudgetReportLine = z.infer<typeof zBudgetReportLine>;

export const zBudgetReport = z.object({
  lines: z.array(zBudgetReportLine),
  totals: z.object({
    budget: z.number(),
    committed: z.number(),
    actual: z.number(),
    remaining: z.number(),
  }),
});
export type BudgetReport = z.infer<typeof zBudgetReport>;

/** What an issued order takes past a line's budget (API.md "Budgets"). */
export const zBudgetWarning = z.object({
  budget_line: z.string(),
  budget: z.number(),
  committed: z.number(),
  actual: z.number(),
  this_order: z.number(),
});
export type BudgetWarningShown = z.infer<typeof zBudgetWarning>;

/** POST …/purchase_orders/{id}/issue, …/work_orders/{id}/issue: an owner may pass the budget. */
export const zOrderIssue = z
  .object({ override_budget: z.boolean().optional() })
  .nullable()
  .optional();

/** POST …/budget_lines/import (BOQ import): a row's refusal or note, by column. */
export const zBudgetImportIssue = z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
  /** What the message names (units, rows, amounts), for the client's own language. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type BudgetImportIssue = z.infer<typeof zBudgetImportIssue>;

/** One BOQ row as it would be created; `row` is the sheet's 1-based row number. */
export const zBudgetImportRow = z.object({
  row: z.number().int(),
  head: zBudgetHead.nullable(),
  name: z.string(),
  item: z.string().nullable(),
  item_name: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.number().nullable(),
  unit_rate: z.number().nullable(),
  /** The budget: quantity × rate rounded to the paisa, else the amount in the file. */
  amount: z.number().nullable(),
  errors: z.array(zBudgetImportIssue),
  warnings: z.array(zBudgetImportIssue),
  /** The line made from it (a commit's valid rows). */
  created: z.string().optional(),
});
export type BudgetImportRow = z.infer<typeof zBudgetImportRow>;

export const zBudgetImportQuery = z.object({
  preview: z.enum(['true', 'false']).optional(),
});

export const zBudgetImportResult = z.object({
  rows: z.array(zBudgetImportRow),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Sum of the valid rows' budgets. */
  total_budget: z.number(),
  /** Ids of the lines made (a commit only). */
  created: z.array(z.string()).optional(),
});
export type BudgetImportResult = z.infer<typeof zBudgetImportResult>;

/** A site's budget in one row of the owner's overview (issue 45). */
const zBudgetOverviewFigures = z.object({
  lines: z.number(),
  /** Lines past their budget or with consumption flagged. */
  needs_look: z.number(),
  budget: z.number(),
  committed: z.number(),
  actual: z.number(),
  remaining: z.number(),
  forecast: z.number(),
  /** budget − forecast: negative when heading over. */
  variance: z.number(),
});

/** GET /api/reports/budget_overview: every site the caller owns, one row each, and the totals. */
export const zBudgetOverview = z.object({
  items: z.array(zBudgetOverviewFigures.extend({ site: z.string(), site_name: z.string() })),
  totals: zBudgetOverviewFigures,
});
export type BudgetOverview = z.infer<typeof zBudgetOverview>;
