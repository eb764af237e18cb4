/**
 * The TDS register (API.md "TDS"): GET /api/sites/{siteId}/reports/tds as JSON for the screen and
 * as a CSV or Excel file.
 */
import type { TdsCertificates, TdsReport } from '@siteledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { fetchDownload, type DownloadedFile } from '../../lib/downloads';
import type { Period } from '../../lib/month-period';
import { queryKeys } from '../../lib/query-keys';
import { useSiteId } from '../../lib/site-records';

export type TdsFile = 'csv' | 'xlsx';

const tdsPath = (siteId: string) => `/api/sites/${encodeURIComponent(siteId)}/reports/tds`;

/**
 * Under the dashboard's key, as the purchase register: any write to the site (a delivery, a bill,
 * a payment, an edit that recomputes a credit) refreshes it.
 */
export function useTdsReport(period: Period) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: [...queryKeys.dashboard(siteId), 'tds', period.from, period.to] as const,
    queryFn: ({ signal }) =>
      api.get<TdsReport>(tdsPath(siteId), { query: { from: period.from, to: period.to }, signal }),
    enabled: Boolean(siteId),
    placeholderData: keepPreviousData,
  });
}

export function downloadTds(
  siteId: string,
  format: TdsFile,
  period: Period,
): Promise<DownloadedFile> {
  return fetchDownload(
    tdsPath(siteId),
    { format, from: period.from, to: period.to },
    `tds-register.${format}`,
  );
}

export { useCreateTdsChallan, useTdsChallans } from '../../data/tds-challans';

/** GET …/reports/tds-26q?quarter=2026-27-Q1 (owners): the quarter's Form 26Q deductee rows, CSV. */
export function downloadTds26q(siteId: string, quarter: string): Promise<DownloadedFile> {
  return fetchDownload(
    `/api/sites/${encodeURIComponent(siteId)}/reports/tds-26q`,
    { quarter, format: 'csv' },
    `tds-26q-${quarter}.csv`,
  );
}

/**
 * GET …/reports/tds-certificates?quarter=2026-27-Q1 (owners): per deductee and section, the
 * quarter's amount credited, TDS deducted and deposited, over the owner's sites of the TAN.
 */
export function useTdsCertificates(quarter: string, enabled = true) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: [...queryKeys.dashboard(siteId), 'tds-certificates', quarter] as const,
    queryFn: ({ signal }) =>
      api.get<TdsCertificates>(
        `/api/sites/${encodeURIComponent(siteId)}/reports/tds-certificates`,
        { query: { quarter }, signal },
      ),
    enabled: enabled && Boolean(siteId) && quarter !== '',
    placeholderData: keepPreviousData,
  });
}
