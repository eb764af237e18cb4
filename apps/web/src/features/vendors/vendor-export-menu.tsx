/**
 * Vendor detail header actions for people with canExport: an "Export" menu (CSV, Excel workbook,
 * PDF statement, Tally XML) and "Share statement", which puts the PDF into the phone's share sheet
 * (WhatsApp in two taps) and downloads it where files cannot be shared. Every file covers the
 * ledger's chosen period (`from`/`to`; the server adds the opening balance before `from`).
 */
import type { Vendor, VendorExportFormat } from '@siteledger/domain';
import {
  ChevronDown,
  Download,
  FileSpreadsheet,
  FileText,
  Share2,
  Sheet,
  Table2,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { MenuContent, MenuItem, MenuRoot, MenuTrigger } from '../../components/ui/menu';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatBusinessDate } from '../../lib/dates';
import { fetchDownload, saveFile, shareOrSave } from '../../lib/downloads';
import { recordsPath, useSiteId } from '../../lib/site-records';
import type { LedgerRange } from './vendor-ledger';

type Busy = VendorExportFormat | 'share' | null;

const FORMATS: { format: VendorExportFormat; icon: typeof FileText; extension: string }[] = [
  { format: 'csv', icon: FileSpreadsheet, extension: 'csv' },
  { format: 'xlsx', icon: Sheet, extension: 'xlsx' },
  { format: 'pdf', icon: FileText, extension: 'pdf' },
  { format: 'tally', icon: Table2, extension: 'xml' },
];

export function VendorExportActions({ vendor, range }: { vendor: Vendor; range: LedgerRange }) {
  const { t, i18n } = useTranslation();
  const siteId = useSiteId();
  const toast = useToast();
  const [busy, setBusy] = useState<Busy>(null);

  const fetchFormat = (format: VendorExportFormat) => {
    const extension = FORMATS.find((f) => f.format === format)?.extension ?? format;
    return fetchDownload(
      recordsPath(siteId, 'vendors', vendor.id, 'export'),
      { format, from: range.from || undefined, to: range.to || undefined },
      `vendor-ledger.${extension}`,
    );
  };

  const run = async (kind: Exclude<Busy, null>, work: () => Promise<void>) => {
    setBusy(kind);
    try {
      await work();
    } catch (error) {
      toast.error(errorMessage(error, t));
    } finally {
      setBusy(null);
    }
  };

  const download = (format: VendorExportFormat) =>
    run(format, async () => {
      const file = await fetchFormat(format);
      saveFile(file);
      toast.success(t('exports.saved', { name: file.filename }));
    });

  const share = () =>
    run('share', async () => {
      const file = await fetchFormat('pdf');
      const outcome = await shareOrSave(file, {
        title: t('exports.shareTitle', { name: vendor.name }),
        text: t('exports.shareText', { name: vendor.name }),
      });
      if (outcome === 'saved') toast.info(t('exports.shareSaved'));
    });

  const exporting = busy !== null && busy !== 'share';
  return (
    <>
      <MenuRoot>
        <MenuTrigger asChild disabled={busy !== null}>
          <Button
            variant="secondary"
            loading={exporting}
            icon={<Download className="size-4" aria-hidden="true" />}
            aria-label={exporting ? t('exports.preparing') : t('exports.menuLabel')}
            data-testid="vendor-export"
          >
            {exporting ? t('exports.preparing') : t('exports.menu')}
            <ChevronDown className="-mr-1 size-4 text-fg-subtle" aria-hidden="true" />
          </Button>
        </MenuTrigger>
        <MenuContent className="w-64" data-testid="vendor-export-menu">
          <p
            className="px-2.5 pb-1.5 pt-1 text-xs text-fg-muted"
            data-testid="vendor-export-period"
          >
            {periodText(range, (iso) => formatBusinessDate(iso, i18n.language), t)}
          </p>
          {FORMATS.map(({ format, icon: Icon }) => (
            <MenuItem
              key={format}
              onSelect={() => void download(format)}
              data-testid={`vendor-export-${format}`}
            >
              <Icon aria-hidden="true" />
              <span className="min-w-0">
                <span className="block font-medium">{t(`exports.${format}`)}</span>
                <span className="block text-xs text-fg-muted">{t(`exports.${format}Hint`)}</span>
              </span>
            </MenuItem>
          ))}
        </MenuContent>
      </MenuRoot>
      <Button
        variant="secondary"
        loading={busy === 'share'}
        disabled={busy !== null}
        icon={<Share2 className="size-4" aria-hidden="true" />}
        onClick={() => void share()}
        data-testid="vendor-share-statement"
      >
        {t('exports.share')}
      </Button>
      <span className="sr-only" role="status" aria-live="polite">
        {busy ? t('exports.preparing') : ''}
      </span>
    </>
  );
}

/** "1 Apr 2026 – 30 Apr 2026", "From 1 Apr 2026", "Up to 30 Apr 2026" or "All dates". */
function periodText(
  { from, to }: LedgerRange,
  date: (iso: string) => string,
  t: (key: string, values?: Record<string, string>) => string,
): string {
  if (from && to) return t('vendors.exportPeriod.range', { from: date(from), to: date(to) });
  if (from) return t('vendors.exportPeriod.from', { from: date(from) });
  if (to) return t('vendors.exportPeriod.to', { to: date(to) });
  return t('vendors.exportPeriod.all');
}
