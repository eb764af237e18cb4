/**
 * Account detail "Statement": pick a period (this month by default) and download the statement
 * as CSV or PDF (GET …/accounts/{id}/statement?format&from&to). Shown only with canExport.
 */
import type { Account, StatementFormat } from '@siteledger/domain';
import { FileSpreadsheet, FileText, ScrollText } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { DateField, todayIso } from '../../components/ui/date-field';
import { Dialog } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { fetchDownload, saveFile } from '../../lib/downloads';
import { recordsPath, useSiteId } from '../../lib/site-records';
import {
  isValidRange,
  presetRange,
  type DateRange,
  type RangePreset,
} from './account-statement-range';

const PRESETS: RangePreset[] = ['thisMonth', 'lastMonth', 'thisYear'];

function StatementForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const toast = useToast();
  const [range, setRange] = useState<DateRange>(() => presetRange('thisMonth', todayIso()));
  const [busy, setBusy] = useState<StatementFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const valid = isValidRange(range);

  const download = async (format: StatementFormat) => {
    if (!valid) return;
    setBusy(format);
    setError(null);
    try {
      const file = await fetchDownload(
        recordsPath(siteId, 'accounts', account.id, 'statement'),
        { format, from: range.from, to: range.to },
        `account-statement.${format}`,
      );
      saveFile(file);
      toast.success(t('exports.saved', { name: file.filename }));
      onDone();
    } catch (failure) {
      setError(errorMessage(failure, t));
    } finally {
      setBusy(null);
    }
  };

  const change = (key: keyof DateRange) => (event: ChangeEvent<HTMLInputElement>) =>
    setRange((current) => ({ ...current, [key]: event.target.value }));

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('exports.statement.title')}>
        {PRESETS.map((preset) => {
          const value = presetRange(preset, todayIso());
          const active = value.from === range.from && value.to === range.to;
          return (
            <button
              key={preset}
              type="button"
              aria-pressed={active}
              onClick={() => setRange(value)}
              className={cn(
                'h-9 rounded-full border px-3.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
                active
                  ? 'border-primary bg-primary-soft text-primary-soft-fg'
                  : 'border-border bg-surface text-fg-muted hover:border-border-strong hover:text-fg',
              )}
              data-testid={`account-statement-preset-${preset}`}
            >
              {t(`exports.statement.${preset}`)}
            </button>
          );
        })}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          label={t('exports.statement.from')}
          value={range.from}
          max={range.to || undefined}
          onChange={change('from')}
          required
          data-testid="account-statement-from"
        />
        <DateField
          label={t('exports.statement.to')}
          value={range.to}
          min={range.from || undefined}
          onChange={change('to')}
          required
          error={range.from && range.to && !valid ? t('exports.statement.rangeInvalid') : undefined}
          data-testid="account-statement-to"
        />
      </div>
      {error ? (
        <Alert tone="error" testId="account-statement-error">
          {error}
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          size="lg"
          className="sm:h-10 sm:rounded-lg sm:px-4 sm:text-sm"
          disabled={!valid || busy !== null}
          loading={busy === 'csv'}
          icon={<FileSpreadsheet className="size-4" aria-hidden="true" />}
          onClick={() => void download('csv')}
          data-testid="account-statement-csv"
        >
          {t('exports.statement.csv')}
        </Button>
        <Button
          size="lg"
          className="sm:h-10 sm:rounded-lg sm:px-4 sm:text-sm"
          disabled={!valid || busy !== null}
          loading={busy === 'pdf'}
          icon={<FileText className="size-4" aria-hidden="true" />}
          onClick={() => void download('pdf')}
          data-testid="account-statement-pdf"
        >
          {t('exports.statement.pdf')}
        </Button>
      </div>
    </div>
  );
}

/** The header button and its dialog (the form starts afresh each time it opens). */
export function AccountStatementButton({ account }: { account: Account }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        icon={<ScrollText className="size-4" aria-hidden="true" />}
        onClick={() => setOpen(true)}
        data-testid="account-statement"
      >
        {t('exports.statement.open')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('exports.statement.title')}
        description={t('exports.statement.description', { name: account.name })}
        testId="account-statement-dialog"
      >
        {open ? <StatementForm account={account} onDone={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}
