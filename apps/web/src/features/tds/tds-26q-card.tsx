/**
 * Form 26Q for a quarter (owners: it spans the owner's sites of the TAN): the deductee rows as
 * CSV, for the return preparation utility or the accountant. The quarter chosen here is the one
 * the certificate figures below it show.
 */
import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { saveFile } from '../../lib/downloads';
import { useSiteId } from '../../lib/site-records';
import { downloadTds26q } from './api';

export function Tds26qCard({
  quarter,
  quarters,
  onQuarterChange,
}: {
  quarter: string;
  quarters: readonly string[];
  onQuarterChange: (quarter: string) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const siteId = useSiteId();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await downloadTds26q(siteId, quarter);
      saveFile(file);
      toast.success(t('tds.download.saved', { name: file.filename }));
    } catch (error) {
      toast.error(errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      className="rounded-2xl border border-border bg-surface p-5"
      aria-labelledby="tds-26q-title"
      data-testid="tds-26q"
    >
      <h2 id="tds-26q-title" className="text-sm font-semibold text-fg">
        {t('tds.q26.title')}
      </h2>
      <p className="mt-0.5 text-sm text-fg-muted">{t('tds.q26.description')}</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField
          label={t('tds.q26.quarter')}
          value={quarter}
          onChange={(event) => onQuarterChange(event.target.value)}
          options={quarters.map((value) => ({ value, label: value }))}
          containerClassName="sm:w-56"
          data-testid="tds-26q-quarter"
        />
        <Button
          variant="secondary"
          loading={busy}
          icon={<FileSpreadsheet className="size-4" aria-hidden="true" />}
          onClick={() => void download()}
          data-testid="tds-26q-download"
        >
          {t('tds.q26.download')}
        </Button>
      </div>
    </section>
  );
}
