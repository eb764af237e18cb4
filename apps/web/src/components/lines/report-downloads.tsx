/**
 * A report as a file — CSV, PDF or Excel — fetched with the session (lib/downloads.ts) and handed
 * to the browser's downloads; one file at a time, announced while it is prepared. The texts sit
 * under `<keys>.csv`, `.csvLabel` (…pdf, xlsx), `.saved` and `.preparing`; test ids are
 * `<testId>-<format>`.
 */
import { FileSpreadsheet, FileText, Sheet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { saveFile, type DownloadedFile } from '../../lib/downloads';
import { useSiteId } from '../../lib/site-records';
import { Button } from '../ui/button';
import { useToast } from '../ui/toast-context';

const FILES = [
  { format: 'csv', icon: FileSpreadsheet },
  { format: 'pdf', icon: FileText },
  { format: 'xlsx', icon: Sheet },
] as const;

export type ReportFileFormat = (typeof FILES)[number]['format'];

export function ReportDownloads({
  fetchFile,
  keys,
  testId,
  formats,
}: {
  fetchFile: (siteId: string, format: ReportFileFormat) => Promise<DownloadedFile>;
  keys: string;
  testId: string;
  /** The files offered, when not all three (a report without a PDF). */
  formats?: readonly ReportFileFormat[];
}) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const toast = useToast();
  const [busy, setBusy] = useState<ReportFileFormat | null>(null);

  const download = async (format: ReportFileFormat) => {
    setBusy(format);
    try {
      const file = await fetchFile(siteId, format);
      saveFile(file);
      toast.success(t(`${keys}.saved`, { name: file.filename }));
    } catch (error) {
      toast.error(errorMessage(error, t));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex gap-2 [&>button]:flex-1 md:[&>button]:flex-none">
      {FILES.filter(({ format }) => !formats || formats.includes(format)).map(
        ({ format, icon: Icon }) => (
          <Button
            key={format}
            variant="secondary"
            loading={busy === format}
            disabled={busy !== null}
            icon={<Icon className="size-4" aria-hidden="true" />}
            onClick={() => void download(format)}
            aria-label={t(`${keys}.${format}Label`)}
            title={t(`${keys}.${format}Label`)}
            data-testid={`${testId}-${format}`}
          >
            {t(`${keys}.${format}`)}
          </Button>
        ),
      )}
      <span className="sr-only" role="status" aria-live="polite">
        {busy ? t(`${keys}.preparing`) : ''}
      </span>
    </div>
  );
}
