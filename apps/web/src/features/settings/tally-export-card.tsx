/**
 * Settings → "Export to Tally" (issue 23): all the site's suppliers as one TallyPrime import file
 * (GET /api/sites/{siteId}/exports/tally?from&to). With no start date after an export, the file
 * holds what was added, changed or deleted since that export (issue 40: a bill keyed in late, an
 * edit, a deletion sent as a cancellation); with a start date, the period by date with opening
 * balances. The end date cannot be after today. The dialog says in plain words how to import the
 * file in TallyPrime. Shown with canExport and financials.
 */
import { permissionsFor, type TallyLastExport } from '@siteledger/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileCode2 } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { DateField, todayIso } from '../../components/ui/date-field';
import { Dialog } from '../../components/ui/dialog';
import { api, errorMessage } from '../../lib/api-client';
import { DATE_TIME, formatBusinessDate, formatTimestamp } from '../../lib/dates';
import { fetchDownload, saveFile } from '../../lib/downloads';
import { recordsPath } from '../../lib/site-records';
import { useSession } from '../../lib/session';
import { useToast } from '../../components/ui/toast-context';

const lastKey = (siteId: string) => ['sites', siteId, 'exports', 'tally', 'last'] as const;

const STEPS = ['open', 'import', 'file', 'duplicates', 'check'] as const;

function TallyExportForm({
  siteId,
  last,
  onDone,
}: {
  siteId: string;
  last: TallyLastExport['last'];
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const today = todayIso();
  // No start date: "since the last export" (or everything, before the first one).
  const [range, setRange] = useState(() => ({ from: '', to: today }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const future = Boolean(range.to) && range.to > today;
  const valid = Boolean(range.to) && !future && (!range.from || range.from <= range.to);
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);

  const change = (key: 'from' | 'to') => (event: ChangeEvent<HTMLInputElement>) =>
    setRange((current) => ({ ...current, [key]: event.target.value }));

  const download = async () => {
    if (!valid) return;
    setBusy(true);
    setError(null);
    try {
      const file = await fetchDownload(
        recordsPath(siteId, 'exports', 'tally'),
        { from: range.from || undefined, to: range.to },
        'tally.xml',
      );
      saveFile(file);
      toast.success(t('exports.saved', { name: file.filename }));
      await queryClient.invalidateQueries({ queryKey: lastKey(siteId) });
      onDone();
    } catch (failure) {
      setError(errorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-fg-muted" data-testid="tally-export-last">
        {last
          ? t('tallyExport.last', {
              from: last.from ? date(last.from) : t('tallyExport.firstEntry'),
              to: date(last.to),
            })
          : t('tallyExport.never')}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          label={t('tallyExport.from')}
          value={range.from}
          max={range.to || undefined}
          onChange={change('from')}
          hint={
            last
              ? t('tallyExport.fromHintSince', {
                  date: formatTimestamp(last.created, i18n.language, DATE_TIME),
                })
              : t('tallyExport.fromHintAll')
          }
          data-testid="tally-export-from"
        />
        <DateField
          label={t('tallyExport.to')}
          value={range.to}
          min={range.from || undefined}
          max={today}
          onChange={change('to')}
          required
          error={
            future
              ? t('tallyExport.toFuture')
              : range.from && range.to && !valid
                ? t('tallyExport.rangeInvalid')
                : undefined
          }
          data-testid="tally-export-to"
        />
      </div>
      <div className="rounded-xl border border-border bg-surface-muted p-4">
        <p className="text-sm font-medium text-fg">{t('tallyExport.steps.title')}</p>
        <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-fg-muted">
          {STEPS.map((step) => (
            <li key={step}>{t(`tallyExport.steps.${step}`)}</li>
          ))}
        </ol>
      </div>
      {error ? (
        <Alert tone="error" testId="tally-export-error">
          {error}
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button
          size="lg"
          className="w-full sm:h-10 sm:w-auto sm:rounded-lg sm:px-4 sm:text-sm"
          disabled={!valid || busy}
          loading={busy}
          icon={<Download className="size-4" aria-hidden="true" />}
          onClick={() => void download()}
          data-testid="tally-export-download"
        >
          {t('tallyExport.download')}
        </Button>
      </div>
    </div>
  );
}

/** The card with its button; the dialog's form starts afresh (from the last export) each time. */
export function TallyExportCard() {
  const { t } = useTranslation();
  const { siteId, role } = useSession();
  const can = permissionsFor(role);
  const allowed = Boolean(siteId) && can.canExport && can.canViewFinancials;
  const [open, setOpen] = useState(false);
  const last = useQuery({
    queryKey: lastKey(siteId ?? ''),
    queryFn: ({ signal }) =>
      api.get<TallyLastExport>(recordsPath(siteId ?? '', 'exports', 'tally', 'last'), { signal }),
    enabled: allowed && open,
  });
  if (!allowed || !siteId) return null;
  return (
    <SectionCard testId="settings-tally-export" texts="tallyExport">
      <Button
        variant="secondary"
        icon={<FileCode2 className="size-4" aria-hidden="true" />}
        onClick={() => setOpen(true)}
        data-testid="tally-export-open"
      >
        {t('tallyExport.open')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('tallyExport.title')}
        description={t('tallyExport.dialogDescription')}
        testId="tally-export-dialog"
      >
        {!open ? null : last.isPending ? (
          <p className="text-sm text-fg-muted">{t('exports.preparing')}</p>
        ) : last.isError ? (
          <Alert tone="error" testId="tally-export-error">
            {errorMessage(last.error, t)}
          </Alert>
        ) : (
          <TallyExportForm siteId={siteId} last={last.data.last} onDone={() => setOpen(false)} />
        )}
      </Dialog>
    </SectionCard>
  );
}
