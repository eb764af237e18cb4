/**
 * The report on screen as a file: CSV, PDF or Excel, the same query with `format`. Fetched with
 * the session (lib/downloads.ts) and handed to the browser's downloads.
 */
import { STOCK_REPORT_FORMATS, type StockReportFormat } from '@siteledger/domain';
import { FileSpreadsheet, FileText, Sheet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { saveFile } from '../../lib/downloads';
import { useSiteId } from '../../lib/site-records';
import { downloadStockReport } from './api';
import type { StockReportKind } from './stock-period';

const ICONS: Record<StockReportFormat, typeof FileText> = {
  csv: FileSpreadsheet,
  pdf: FileText,
  xlsx: Sheet,
};

export function StockDownloads({
  report,
  query,
}: {
  report: StockReportKind;
  query: Record<string, string>;
}) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const toast = useToast();
  const [busy, setBusy] = useState<StockReportFormat | null>(null);

  const download = async (format: StockReportFormat) => {
    setBusy(format);
    try {
      const file = await downloadStockReport(siteId, report, format, query);
      saveFile(file);
      toast.success(t('stockReports.download.saved', { name: file.filename }));
    } catch (error) {
      toast.error(errorMessage(error, t));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex gap-2 [&>button]:flex-1 md:[&>button]:flex-none">
      {STOCK_REPORT_FORMATS.map((format) => {
        const Icon = ICONS[format];
        const label = t(`stockReports.download.${format}Label`);
        return (
          <Button
            key={format}
            variant="secondary"
            loading={busy === format}
            disabled={busy !== null}
            icon={<Icon className="size-4" aria-hidden="true" />}
            onClick={() => void download(format)}
            aria-label={label}
            title={label}
            data-testid={`stock-report-download-${format}`}
          >
            {t(`stockReports.download.${format}`)}
          </Button>
        );
      })}
      <span className="sr-only" role="status" aria-live="polite">
        {busy ? t('stockReports.download.preparing') : ''}
      </span>
    </div>
  );
}
