/**
 * "Download" on a list page (issue 41): the list as the server's CSV or Excel file
 * (`GET …/<collection>/export`), with the filters, search, dates and sort the page shows — every
 * matching record, not only the page on screen. Whoever may read the list may download it.
 */
import type { ListExportFormat } from '@siteledger/domain';
import { ChevronDown, Download, FileSpreadsheet, Sheet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { MenuContent, MenuItem, MenuRoot, MenuTrigger } from '../ui/menu';
import { useToast } from '../ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { fetchDownload, saveFile } from '../../lib/downloads';
import { recordsPath, useSiteId } from '../../lib/site-records';

const FORMATS: { format: ListExportFormat; icon: typeof Sheet }[] = [
  { format: 'csv', icon: FileSpreadsheet },
  { format: 'xlsx', icon: Sheet },
];

/** The list's paging: the file holds every matching record. */
const PAGING = new Set(['page', 'perPage']);

export interface ListExportButtonProps {
  collection: string;
  /** The list's query (useListParams' `query`); its paging is left out. */
  query: Record<string, string | number | undefined>;
  /** Test ids: `<testId>`, `<testId>-csv`, `<testId>-xlsx`. */
  testId: string;
}

export function ListExportButton({ collection, query, testId }: ListExportButtonProps) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const toast = useToast();
  const [busy, setBusy] = useState<ListExportFormat | null>(null);

  const download = async (format: ListExportFormat) => {
    setBusy(format);
    try {
      const params: Record<string, string> = { format };
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined && !PAGING.has(key)) params[key] = String(value);
      }
      const file = await fetchDownload(
        recordsPath(siteId, collection, undefined, 'export'),
        params,
        `${collection}.${format}`,
      );
      saveFile(file);
      toast.success(t('exports.saved', { name: file.filename }));
    } catch (error) {
      toast.error(errorMessage(error, t));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <MenuRoot>
        <MenuTrigger asChild disabled={busy !== null}>
          <Button
            variant="secondary"
            loading={busy !== null}
            icon={<Download className="size-4" aria-hidden="true" />}
            aria-label={busy ? t('exports.preparing') : t('exports.list.menuLabel')}
            data-testid={testId}
          >
            {busy ? t('exports.preparing') : t('exports.list.menu')}
            <ChevronDown className="-mr-1 size-4 text-fg-subtle" aria-hidden="true" />
          </Button>
        </MenuTrigger>
        <MenuContent className="w-64" data-testid={`${testId}-menu`}>
          {FORMATS.map(({ format, icon: Icon }) => (
            <MenuItem
              key={format}
              onSelect={() => void download(format)}
              data-testid={`${testId}-${format}`}
            >
              <Icon aria-hidden="true" />
              <span className="min-w-0">
                <span className="block font-medium">{t(`exports.${format}`)}</span>
                <span className="block text-xs text-fg-muted">
                  {t(`exports.list.${format}Hint`)}
                </span>
              </span>
            </MenuItem>
          ))}
        </MenuContent>
      </MenuRoot>
      <span className="sr-only" role="status" aria-live="polite">
        {busy ? t('exports.preparing') : ''}
      </span>
    </>
  );
}
