/**
 * Wage sheets, worker advances and the labour figures of the dashboard (API.md "Labour", issue
 * 44), of the current site. The workers themselves are the muster's (features/labour); a sheet's
 * forms only need them as choices.
 */
import type {
  Dashboard,
  WageSheet,
  WageSheetCreate,
  WageSheetPay,
  Worker,
  WorkerAdvance,
  WorkerAdvanceCreate,
} from '@siteledger/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { fetchDownload, type DownloadedFile } from '../lib/downloads';
import { queryKeys } from '../lib/query-keys';
import {
  invalidateRecords,
  recordsPath,
  useRecordList,
  useSiteId,
  writeEffects,
} from '../lib/site-records';
import { defineCollection } from './collection';

export const WAGE_SHEETS = 'wage_sheets';
export const WORKER_ADVANCES = 'worker_advances';

// No expand: a sheet's contractor is named from the vendors (useEntityRecords), few sheets have one.
const sheets = defineCollection<WageSheet, WageSheetCreate, { notes?: string | null }>(WAGE_SHEETS);

export const useWageSheets = sheets.useList;
export const useWageSheet = sheets.useOne;
export const useCreateWageSheet = sheets.useCreate;
export const useDeleteWageSheet = sheets.useDelete;

/** POST …/wage_sheets/{id}/<action>: the server's answer names what else changed. */
function useSheetAction<TBody>(action: 'approve' | 'pay') {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body?: TBody }, write) =>
      api.post<WageSheet>(recordsPath(siteId, WAGE_SHEETS, id, action), body, { write }),
    onSuccess: (_sheet, _vars, _context, write) =>
      invalidateRecords(queryClient, siteId, writeEffects(WAGE_SHEETS), write),
  });
}

/** Owner: draft → approved. */
export const useApproveWageSheet = () => useSheetAction<never>('approve');

/**
 * Paid from an account in one transaction (an owner may pay a draft; an accountant an approved
 * one); a contractor's sheet: his payment of what it still owes after TDS.
 */
export const usePayWageSheet = () => useSheetAction<WageSheetPay>('pay');

const advances = defineCollection<WorkerAdvance, WorkerAdvanceCreate>(WORKER_ADVANCES);

export const useWorkerAdvances = advances.useList;
export const useCreateWorkerAdvance = advances.useCreate;
export const useDeleteWorkerAdvance = advances.useDelete;

/** The site's active workers as a pick list (a site's muster is a few hundred people at most). */
export function useWorkerChoices(enabled = true) {
  // Who left is filtered here: the list's `active=true` filter answered nothing (server, issue 44).
  const workers = useRecordList<Worker>('workers', { sort: 'name', perPage: 500 }, { enabled });
  const options = (workers.data?.items ?? [])
    .filter((worker) => worker.active)
    .map((worker) => ({
      value: worker.id,
      label: `${worker.name} · ${worker.trade}`,
    }));
  return { ...workers, options };
}

const fileName = (text: string) => text.replace(/[/\\\s]+/g, '-');

/** GET …/wage_sheets/{id}/slips.pdf: every worker's slip, or one worker's (`worker`). */
export function fetchWageSlips(
  siteId: string,
  sheet: Pick<WageSheet, 'id' | 'number'>,
  worker?: string,
): Promise<DownloadedFile> {
  return fetchDownload(
    recordsPath(siteId, WAGE_SHEETS, sheet.id, 'slips.pdf'),
    { worker },
    `${fileName(sheet.number)}-slips.pdf`,
  );
}

/** GET …/reports/wage_register?month=YYYY-MM&format=pdf|xlsx (name, trade, days 1–31, totals). */
export function fetchWageRegister(
  siteId: string,
  month: string,
  format: 'pdf' | 'xlsx',
): Promise<DownloadedFile> {
  return fetchDownload(
    recordsPath(siteId, 'reports', undefined, 'wage_register'),
    { month, format },
    `wage-register-${month}.${format}`,
  );
}

/** What GET …/dashboard adds for labour; each absent where the server leaves it out. */
export interface LabourFigures {
  labour_present_today?: number | undefined;
  labour_man_days_today?: number | undefined;
  labour_cost_month?: number | undefined;
  /** Financial roles only. */
  wage_sheets_unpaid?: number | undefined;
}

const pickLabour = (answer: Dashboard & LabourFigures): LabourFigures => ({
  labour_present_today: answer.labour_present_today,
  labour_man_days_today: answer.labour_man_days_today,
  labour_cost_month: answer.labour_cost_month,
  wage_sheets_unpaid: answer.wage_sheets_unpaid,
});

/**
 * The dashboard's labour figures: the dashboard's own query (same key, same answer, so one
 * request), reading only what labour adds.
 */
export function useLabourFigures() {
  const siteId = useSiteId();
  return useQuery({
    queryKey: queryKeys.dashboard(siteId),
    queryFn: ({ signal }) =>
      api.get<Dashboard & LabourFigures>(`/api/sites/${encodeURIComponent(siteId)}/dashboard`, {
        signal,
      }),
    select: pickLabour,
    enabled: Boolean(siteId),
    staleTime: 30_000,
  });
}
