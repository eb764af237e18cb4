/**
 * "Download" in the budget page's header (issue 45): the budget report as the server's CSV, PDF
 * (A4, lines by cost head with subtotals and flags) or Excel file, fetched with the session and
 * saved under the server's name ("budget-<site>-<date>.<ext>"). One menu, not three buttons, so
 * the header's actions still fit a phone beside "Add budget line".
 */
import { permissionsFor, type BudgetLine } from '@siteledger/domain';
import { ChevronDown, Download, FileSpreadsheet, FileText, Sheet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { MenuContent, MenuItem, MenuRoot, MenuTrigger } from '../../components/ui/menu';
import { useToast } from '../../components/ui/toast-context';
import { fetchBudgetReport, type BudgetReportFormat } from '../../data/budgets';
import { errorMessage } from '../../lib/api-client';
import { saveFile } from '../../lib/downloads';
import { useSession } from '../../lib/session';
import { useSiteId } from '../../lib/site-records';

const FILES: { format: BudgetReportFormat; icon: typeof Sheet }[] = [
  { format: 'pdf', icon: FileText },
  { format: 'xlsx', icon: Sheet },
  { format: 'csv', icon: FileSpreadsheet },
];

/**
 * Whether to offer the files: the report is the budget's money, so to the roles that export and
 * only when the lines came with their figures (a supervisor's view has none), and not for an
 * empty budget.
 */
export function useBudgetDownloadsShown(lines: readonly BudgetLine[] | undefined): boolean {
  const { role } = useSession();
  return permissionsFor(role).canExport && (lines ?? []).some((line) => line.view === 'full');
}

export function BudgetDownloads() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const toast = useToast();
  const [busy, setBusy] = useState<BudgetReportFormat | null>(null);

  const download = async (format: BudgetReportFormat) => {
    setBusy(format);
    try {
      const file = await fetchBudgetReport(siteId, format);
      saveFile(file);
      toast.success(t('budgets.downloads.saved', { name: file.filename }));
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
            aria-label={busy ? t('budgets.downloads.preparing') : t('budgets.downloads.menuLabel')}
            data-testid="budget-downloads"
          >
            {busy ? t('budgets.downloads.preparing') : t('budgets.downloads.menu')}
            <ChevronDown className="-mr-1 size-4 text-fg-subtle" aria-hidden="true" />
          </Button>
        </MenuTrigger>
        <MenuContent className="w-64" data-testid="budget-downloads-menu">
          {FILES.map(({ format, icon: Icon }) => (
            <MenuItem
              key={format}
              onSelect={() => void download(format)}
              data-testid={`budget-downloads-${format}`}
            >
              <Icon aria-hidden="true" />
              <span className="min-w-0">
                <span className="block font-medium">{t(`budgets.downloads.${format}`)}</span>
                <span className="block text-xs text-fg-muted">
                  {t(`budgets.downloads.${format}Hint`)}
                </span>
              </span>
            </MenuItem>
          ))}
        </MenuContent>
      </MenuRoot>
      <span className="sr-only" role="status" aria-live="polite">
        {busy ? t('budgets.downloads.preparing') : ''}
      </span>
    </>
  );
}
