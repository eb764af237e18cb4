/**
 * Stock reports (API.md "Site stock"): GET /api/sites/{siteId}/stock (on a date),
 * …/stock/statement (opening, in, out, closing for a period) and …/stock/consumption (what was
 * used, by work or by item), as JSON for the screen and as CSV, PDF or Excel for download.
 */
import type {
  ConsumptionReport,
  StockReport,
  StockReportFormat,
  StockStatement,
} from '@siteledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { fetchDownload, type DownloadedFile } from '../../lib/downloads';
import { queryKeys } from '../../lib/query-keys';
import { useSiteId } from '../../lib/site-records';
import type { ConsumptionGroup, Period, StockReportKind } from './stock-period';

const PATHS: Record<StockReportKind, string> = {
  'on-date': '',
  statement: '/statement',
  consumption: '/consumption',
};

const stockPath = (siteId: string, report: StockReportKind) =>
  `/api/sites/${encodeURIComponent(siteId)}/stock${PATHS[report]}`;

type Query = Record<string, string>;

/**
 * Kept under the dashboard's key, as the purchase register is: every write to the site (and
 * every live update) refreshes the dashboard, and a delivery, return, consumption, transfer or
 * count moves these figures.
 */
function useStockQuery<T>(report: StockReportKind, query: Query) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: [...queryKeys.dashboard(siteId), 'stock', report, query] as const,
    queryFn: ({ signal }) => api.get<T>(stockPath(siteId, report), { query, signal }),
    enabled: Boolean(siteId),
    // Another date or period keeps the last one on screen (dimmed) until it arrives.
    placeholderData: keepPreviousData,
  });
}

/** No date: the stock as it stands now (movements dated later included, as current_stock). */
export const useStockOnDate = (date: string | null) =>
  useStockQuery<StockReport>('on-date', date ? { date } : {});

export const useStockStatement = (period: Period) =>
  useStockQuery<StockStatement>('statement', { from: period.from, to: period.to });

export const useConsumptionReport = (period: Period, group: ConsumptionGroup) =>
  useStockQuery<ConsumptionReport>('consumption', { from: period.from, to: period.to, group });

const FALLBACK_NAMES: Record<StockReportKind, string> = {
  'on-date': 'stock',
  statement: 'stock-statement',
  consumption: 'stock-consumption',
};

/** A report as a file (the server names it after the site and the date or period). */
export function downloadStockReport(
  siteId: string,
  report: StockReportKind,
  format: StockReportFormat,
  query: Query,
): Promise<DownloadedFile> {
  return fetchDownload(
    stockPath(siteId, report),
    { ...query, format },
    `${FALLBACK_NAMES[report]}.${format}`,
  );
}
