/** The report on screen as a file: CSV, PDF or Excel, the same query with `format`. */
import { ReportDownloads } from '../../components/lines/report-downloads';
import { downloadStockReport } from './api';
import type { StockReportKind } from './stock-period';

export function StockDownloads({
  report,
  query,
}: {
  report: StockReportKind;
  query: Record<string, string>;
}) {
  return (
    <ReportDownloads
      fetchFile={(siteId, format) => downloadStockReport(siteId, report, format, query)}
      keys="stockReports.download"
      testId="stock-report-download"
    />
  );
}
