/**
 * The register of the chosen period as a file: CSV, PDF or Excel. Fetched with the session (the
 * way vendor exports are, lib/downloads.ts) and handed to the browser's downloads.
 */
import { FileSpreadsheet, FileText, Sheet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { saveFile } from '../../lib/downloads';
import { useSiteId } from '../../lib/site-records';
import { downloadRegister, type RegisterFile } from './api';
import type { Period } from '../../lib/month-period';

const FILES: { format: RegisterFile; icon: typeof FileText }[] = [
  { format: 'csv', icon: FileSpreadsheet },
  { format: 'pdf', icon: FileText },
  { format: 'xlsx', icon: Sheet },
];

export function RegisterDownloads({ period }: { period: Period }) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const toast = useToast();
  const [busy, setBusy] = useState<RegisterFile | null>(null);

  const download = async (format: RegisterFile) => {
    setBusy(format);
    try {
      const file = await downloadRegister(siteId, format, period);
      saveFile(file);
      toast.success(t('reports.download.saved', { name: file.filename }));
    } catch (error) {
      toast.error(errorMessage(error, t));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {FILES.map(({ format, icon: Icon }) => (
        <Button
          key={format}
          variant="secondary"
          loading={busy === format}
          disabled={busy !== null}
          icon={<Icon className="size-4" aria-hidden="true" />}
          onClick={() => void download(format)}
          aria-label={t(`reports.download.${format}Label`)}
          title={t(`reports.download.${format}Label`)}
          data-testid={`register-download-${format}`}
        >
          {t(`reports.download.${format}`)}
        </Button>
      ))}
      <span className="sr-only" role="status" aria-live="polite">
        {busy ? t('reports.download.preparing') : ''}
      </span>
    </>
  );
}
