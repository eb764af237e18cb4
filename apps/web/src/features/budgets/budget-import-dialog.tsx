/**
 * Import BOQ (issue 45, owners): pick a CSV or XLSX → the server's preview of every row → "Create
 * N lines" creates the valid ones in one go; the list refreshes from the write's answer. Nothing
 * is queued offline: the preview needs the server, so both steps need signal.
 */
import type { BudgetImportResult } from '@siteledger/domain';
import { CloudOff, FileSpreadsheet, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { DialogActions } from '../../components/ui/dialog-parts';
import { Spinner } from '../../components/ui/spinner';
import { useImportBudgetLines } from '../../data/budgets';
import { errorMessage } from '../../lib/api-client';
import { useOnlineStatus } from '../../lib/online-status';
import { toast } from '../../lib/toast-store';
import { BudgetImportSummary, BudgetImportTable } from './budget-import-preview';

const ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One key per chosen file: a second tap on Create, or a lost answer, creates nothing twice. */
function importKey(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return `boq-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** "Import BOQ" in the page header (owners); offline it says it needs signal and waits. */
export function BudgetImportButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  return (
    <Button
      variant="secondary"
      icon={
        online ? (
          <FileSpreadsheet className="size-4" aria-hidden="true" />
        ) : (
          <CloudOff className="size-4" aria-hidden="true" />
        )
      }
      onClick={onClick}
      disabled={!online}
      data-testid="budget-import"
    >
      {online ? t('budgetImport.button') : t('budgetImport.needsSignal')}
    </Button>
  );
}

export function BudgetImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Mounted only while open: each opening starts with no file.
  return open ? <ImportFlow onOpenChange={onOpenChange} /> : null;
}

function ImportFlow({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const input = useRef<HTMLInputElement>(null);
  const preview = useImportBudgetLines();
  const commit = useImportBudgetLines();
  const [chosen, setChosen] = useState<{ file: File; key: string } | null>(null);
  const result: BudgetImportResult | undefined = preview.data;
  const busy = preview.isPending || commit.isPending;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setChosen({ file, key: importKey() });
    commit.reset();
    preview.mutate({ file, key: null });
  };
  const create = () => {
    if (!chosen) return;
    commit.mutate(
      { file: chosen.file, key: chosen.key },
      {
        onSuccess: (answer) => {
          toast.success(t('budgetImport.created', { count: answer.created?.length ?? 0 }));
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}
      title={t('budgetImport.title')}
      description={t('budgetImport.description')}
      className="sm:max-w-3xl"
      testId="budget-import-dialog"
    >
      <div className="space-y-4">
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          onChange={pick}
          data-testid="budget-import-file"
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            icon={<Upload className="size-4" aria-hidden="true" />}
            onClick={() => input.current?.click()}
            disabled={busy || !online}
            data-testid="budget-import-choose"
          >
            {chosen ? t('budgetImport.another') : t('budgetImport.choose')}
          </Button>
          <p className="min-w-0 flex-1 truncate text-xs text-fg-muted">
            {chosen ? chosen.file.name : t('budgetImport.chooseHint')}
          </p>
        </div>
        {!online ? (
          <Alert tone="info" testId="budget-import-offline">
            {t('budgetImport.needsSignal')}
          </Alert>
        ) : null}
        {preview.isPending && chosen ? (
          <p className="flex items-center gap-2 text-sm text-fg-muted" role="status">
            <Spinner className="size-4" />
            {t('budgetImport.reading', { name: chosen.file.name })}
          </p>
        ) : null}
        {preview.isError ? (
          <Alert tone="error" testId="budget-import-error">
            {errorMessage(preview.error, t)}
          </Alert>
        ) : null}
        {result && chosen ? (
          <>
            <BudgetImportSummary result={result} />
            {result.valid === 0 ? (
              <Alert tone="error" testId="budget-import-nothing">
                {t('budgetImport.nothingValid')}
              </Alert>
            ) : null}
            <BudgetImportTable result={result} fileName={chosen.file.name} />
          </>
        ) : null}
        {commit.isError ? (
          <Alert tone="error" testId="budget-import-commit-error">
            {errorMessage(commit.error, t)}
          </Alert>
        ) : null}
        <DialogActions
          className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
          onCancel={() => onOpenChange(false)}
          busy={commit.isPending}
          testId="budget-import"
          actionTestId="create"
          onClick={create}
          disabled={!result || result.valid === 0 || preview.isPending || !online}
        >
          {t('budgetImport.create', { count: result?.valid ?? 0 })}
        </DialogActions>
      </div>
    </Dialog>
  );
}
