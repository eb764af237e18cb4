/**
 * The site's budget (issue 45, API.md "Budgets"): its lines, written by owners and read by
 * everyone, and the budget report's totals (the dashboard card and the page's header).
 */
import type {
  BudgetLine,
  BudgetLineCreate,
  BudgetLineUpdate,
  BudgetReport,
} from '@siteledger/domain';
import { defineCollection } from './collection';
import { useSiteQuery } from './site-query';

export const BUDGET_LINES = 'budget_lines';

const budgetLines = defineCollection<BudgetLine, BudgetLineCreate, BudgetLineUpdate>(BUDGET_LINES);

export const useBudgetLines = budgetLines.useList;
export const useBudgetLine = budgetLines.useOne;
export const useCreateBudgetLine = budgetLines.useCreate;
export const useUpdateBudgetLine = budgetLines.useUpdate;
export const useDeleteBudgetLine = budgetLines.useDelete;

/**
 * GET …/reports/budget?format=json, kept under the budget lines' key: every write that changes a
 * line's figures (an order issued, a delivery, a line edited) names budget_lines, so it refreshes.
 */
export function useBudgetReport(enabled = true) {
  return useSiteQuery<BudgetReport>({
    key: [BUDGET_LINES, 'report'],
    path: ['reports', 'budget'],
    query: { format: 'json' },
    enabled,
  });
}
