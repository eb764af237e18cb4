/**
 * The purchase register (API.md "GST"): GET /api/sites/{siteId}/reports/purchase-register as JSON
 * for the screen, and as a CSV, PDF or Excel file for download.
 */
import type { PurchaseRegister, PurchaseRegisterFormat } from '@siteledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { fetchDownload, type DownloadedFile } from '../../lib/downloads';
import { queryKeys } from '../../lib/query-keys';
import { useSiteId } from '../../lib/site-records';
import type { Period } from '../../lib/month-period';

export type RegisterFile = Exclude<PurchaseRegisterFormat, 'json'>;

const registerPath = (siteId: string) =>
  `/api/sites/${encodeURIComponent(siteId)}/reports/purchase-register`;

/**
 * Kept under the dashboard's key: every write to the site (and every live update from another
 * user) refreshes the dashboard, and any of them — a delivery, a booking, a return — can move the
 * register's figures.
 */
const registerKey = (siteId: string, period: Period) =>
  [...queryKeys.dashboard(siteId), 'purchase-register', period.from, period.to] as const;

export function usePurchaseRegister(period: Period, enabled = true) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: registerKey(siteId, period),
    queryFn: ({ signal }) =>
      api.get<PurchaseRegister>(registerPath(siteId), {
        query: { from: period.from, to: period.to },
        signal,
      }),
    enabled: Boolean(siteId) && enabled,
    // Another month keeps the last one on screen (dimmed) until it arrives.
    placeholderData: keepPreviousData,
  });
}

export const FILE_EXTENSIONS: Record<RegisterFile, string> = {
  csv: 'csv',
  pdf: 'pdf',
  xlsx: 'xlsx',
};

/** The register of a period as a file (the server names it after the site and period). */
export function downloadRegister(
  siteId: string,
  format: RegisterFile,
  period: Period,
): Promise<DownloadedFile> {
  return fetchDownload(
    registerPath(siteId),
    { format, from: period.from, to: period.to },
    `purchase-register.${FILE_EXTENSIONS[format]}`,
  );
}
