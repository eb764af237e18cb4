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
  /** The budget now; `original_amount` what it was first. */
  amount: z.number(),
  original_amount: z.number(),
  percent_complete: z.number().nullable(),
  notes: z.string().nullable(),
  committed: z.number(),
  actual: z.number(),
  remaining: z.number(),
  quantity_view: zBudgetQuantityView.nullable(),
  revisions: z.array(zBudgetRevision),
  created_by: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type BudgetLine = z.infer<typeof zBudgetLine>;

export const zBudgetLineListQuery = zListQuery.extend({
  head: zBudgetHead.optional(),
  item: zId.optional(),
});
export type BudgetLineListQuery = z.infer<typeof zBudgetLineListQuery>;

/** GET …/reports/budget */
export const zBudgetReportQuery = z.object({
  /** PDF and Excel come with the budget page's downloads (issue 45, next step). */
  format: z.enum(['json', 'csv']).optional(),
});

export const zBudgetReportLine = z.object({
  id: z.string(),
  head: zBudgetHead,
  name: z.string(),
  budget: z.number(),
  committed: z.number(),
  actual: z.number(),
  remaining: z.number(),
  quantity: zBudgetQuantityView.optional(),
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
