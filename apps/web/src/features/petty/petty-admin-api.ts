/**
 * What the owner's and accountant's side of petty cash needs beyond data/petty.ts: "Approve all"
 * (each expense its own POST, the lists refreshed once at the end), the site's members (an
 * imprest's holder is one) and the holder's statement as a file.
 */
import type { Member, PettyExpense } from '@siteledger/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IMPRESTS, PETTY_EXPENSES } from '../../data/petty';
import { api } from '../../lib/api-client';
import { fetchDownload, type DownloadedFile } from '../../lib/downloads';
import type { Period } from '../../lib/month-period';
import { queryKeys } from '../../lib/query-keys';
import { invalidateRecords, recordsPath, useSiteId, writeEffects } from '../../lib/site-records';

/**
 * Approves one expense without refreshing (approve all calls it in turn, so the cards do not
 * reshuffle mid-run); `refresh` once after.
 */
export function useApproveInTurn() {
  const siteId = useSiteId();
  const queryClient = useQueryClient();
  const approveOne = (id: string) =>
    api.post<PettyExpense>(recordsPath(siteId, PETTY_EXPENSES, id, 'approve'));
  const refresh = () =>
    invalidateRecords(queryClient, siteId, writeEffects(PETTY_EXPENSES, [IMPRESTS]));
  return { approveOne, refresh };
}

/** The site's members, under the members screen's own key (one request for both). */
export function useSiteMembers(enabled = true) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: queryKeys.records(siteId, 'members'),
    queryFn: async ({ signal }) =>
      (await api.get<{ items: Member[] }>(recordsPath(siteId, 'members'), { signal })).items,
    enabled: Boolean(siteId) && enabled,
    staleTime: 15_000,
  });
}

export type StatementFormat = 'pdf' | 'xlsx';

/** GET …/imprests/{id}/statement?format=pdf|xlsx&from&to: the holder's statement file. */
export function fetchImprestStatement(
  siteId: string,
  imprestId: string,
  format: StatementFormat,
  period: Period,
): Promise<DownloadedFile> {
  return fetchDownload(
    recordsPath(siteId, IMPRESTS, imprestId, 'statement'),
    { format, from: period.from, to: period.to },
    `petty-cash-statement-${period.from}.${format}`,
  );
}
