/**
 * A wage sheet's documents: every worker's wage slip in one PDF (a slip of one worker from its
 * line), and the wage register of the month the period ends in, as PDF or Excel. Fetched with
 * the session (lib/downloads.ts) and saved under the server's file name.
 */
import type { WageSheet } from '@siteledger/domain';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportDownloads } from '../../components/lines/report-downloads';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { useToast } from '../../components/ui/toast-context';
import { fetchWageRegister, fetchWageSlips } from '../../data/wage-sheets';
import { errorMessage } from '../../lib/api-client';
import { saveFile } from '../../lib/downloads';
import { monthLabel, monthOf } from '../../lib/month-period';
import { useSiteId } from '../../lib/site-records';
import { registerMonth } from './wage-sheet-rules';

const REGISTER_FILES = ['pdf', 'xlsx'] as const;

/** Saves the slips of a sheet (all, or one worker's); `busy` names what is being prepared. */
export function useSlipDownload(sheet: Pick<WageSheet, 'id' | 'number'>) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (worker?: string) => {
    setBusy(worker ?? 'all');
    try {
      const file = await fetchWageSlips(siteId, sheet, worker);
      saveFile(file);
      toast.success(t('wageSheets.downloads.saved', { name: file.filename }));
    } catch (error) {
      toast.error(errorMessage(error, t));
    } finally {
      setBusy(null);
    }
  };
  return { busy, download: (worker?: string) => void download(worker) };
}

export function WageSheetDownloads({ sheet }: { sheet: WageSheet }) {
  const { t, i18n } = useTranslation();
  const slips = useSlipDownload(sheet);
  const month = registerMonth(sheet);
  return (
    <Card data-testid="ws-downloads">
      <CardHeader>
        <CardTitle>{t('wageSheets.downloads.title')}</CardTitle>
      </CardHeader>
      <CardBody className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <div className="min-w-0 space-y-2">
          <p className="text-sm text-fg-muted">{t('wageSheets.downloads.slipsHint')}</p>
          <Button
            variant="secondary"
            className="w-full md:w-auto"
            loading={slips.busy === 'all'}
            disabled={slips.busy !== null}
            icon={<FileText className="size-4" aria-hidden="true" />}
            onClick={() => slips.download()}
            data-testid="ws-slips"
          >
            {t('wageSheets.downloads.slips')}
          </Button>
        </div>
        <div className="min-w-0 space-y-2">
          <p className="text-sm text-fg-muted">
            {t('wageSheets.downloads.registerHint', {
              month: monthLabel(monthOf(`${month}-01`), i18n.language),
            })}
          </p>
          <ReportDownloads
            fetchFile={(siteId, format) =>
              fetchWageRegister(siteId, month, format === 'xlsx' ? 'xlsx' : 'pdf')
            }
            formats={REGISTER_FILES}
            keys="wageSheets.downloads.register"
            testId="ws-register"
          />
        </div>
      </CardBody>
    </Card>
  );
}
