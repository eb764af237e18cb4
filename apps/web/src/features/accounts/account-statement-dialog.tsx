/**
 * Account detail "Statement": pick a period (this month by default) and download the statement
 * as CSV, Excel (XLSX) or PDF (GET …/accounts/{id}/statement?format&from&to). Shown only with
 * canExport.
 */
import type { Account } from '@siteledger/domain';
import { FileSpreadsheet, FileText, ScrollText, Sheet } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { DateField, todayIso } from '../../components/ui/date-field';
import { Dialog } from '../../components/ui/dialog';
import { isValidRange, presetRange, type DateRange } from './account-statement-range';
import { StatementPresets } from './statement-presets';
import { useStatementDownload } from './use-statement-download';

function StatementForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<DateRange>(() => presetRange('thisMonth', todayIso()));
  const valid = isValidRange(range);
  const { busy, error, download } = useStatementDownload(account, range, valid, onDone);

  const change = (key: keyof DateRange) => (event: ChangeEvent<HTMLInputElement>) =>
    setRange((current) => ({ ...current, [key]: event.target.value }));

  return (
    <div className="space-y-5">
      <StatementPresets range={range} onChange={setRange} />
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
          variant="secondary"
          size="lg"
          className="sm:h-10 sm:rounded-lg sm:px-4 sm:text-sm"
          disabled={!valid || busy !== null}
          loading={busy === 'xlsx'}
          icon={<Sheet className="size-4" aria-hidden="true" />}
          onClick={() => void download('xlsx')}
          data-testid="account-statement-xlsx"
        >
          {t('exports.statement.xlsx')}
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
