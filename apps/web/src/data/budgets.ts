/**
 * The site's budget (issue 45, API.md "Budgets"): its lines, written by owners and read by
 * everyone, and the budget report's totals (the dashboard card and the page's header).
 */
import type {
  BudgetImportResult,
  BudgetLine,
  BudgetLineCreate,
  BudgetLineUpdate,
  BudgetOverview,
  BudgetReport,
} from '@siteledger/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session';
import { fetchDownload, type DownloadedFile } from '../lib/downloads';
import { invalidateRecords, recordsPath, useSiteId, writeEffects } from '../lib/site-records';
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

/**
 * GET /api/reports/budget_overview: every site the caller owns, one row each. Not a site's read
 * (no site key a write could refresh), so it is read afresh each time the page opens.
 */
export function useBudgetOverview() {
  const { status } = useSession();
  return useQuery({
    queryKey: ['reports', 'budget_overview'],
    queryFn: ({ signal }) => api.get<BudgetOverview>('/api/reports/budget_overview', { signal }),
    enabled: status === 'signed-in',
    staleTime: 0,
  });
}

export type BudgetReportFormat = 'csv' | 'pdf' | 'xlsx';

/** GET …/reports/budget?format=csv|pdf|xlsx: the report as the server's file. */
export function fetchBudgetReport(
  siteId: string,
  format: BudgetReportFormat,
): Promise<DownloadedFile> {
  return fetchDownload(
    recordsPath(siteId, 'reports', undefined, 'budget'),
    { format },
    `budget.${format}`,
  );
}

/**
 * POST …/budget_lines/import (owners, BOQ import): `preview` answers what the file would create
 * and writes nothing; without it the valid rows are created, once per `key` (Idempotency-Key:
 * a second tap or a lost answer does not create them twice).
 */
export function useImportBudgetLines() {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, key }: { file: File; key: string | null }, write) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.post<BudgetImportResult>(recordsPath(siteId, BUDGET_LINES, 'import'), form, {
        query: key ? undefined : { preview: 'true' },
        headers: key ? { 'Idempotency-Key': key } : undefined,
        write,
      });
    },
    onSuccess: (_answer, { key }, _context, write) =>
      key ? invalidateRecords(queryClient, siteId, writeEffects(BUDGET_LINES), write) : undefined,
  });
}
