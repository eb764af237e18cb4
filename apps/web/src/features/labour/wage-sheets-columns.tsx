import type { WageSheet } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { figureColumn } from '../../components/lines/columns';
import { CardHead } from '../../components/list-page/card-head';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatQuantity } from '../../lib/quantity-format';
import { payeeText, periodText, rupees, WageSheetStatusBadge } from './wage-sheet-labels';

/** The wage sheets list's columns and its phone card (number, period, payee, figures, status). */
export function useWageSheetColumns(nameOf: (id: string | null) => string | undefined) {
  const { t, i18n } = useTranslation();
  const period = (sheet: WageSheet) => periodText(sheet, i18n.language);

  const columns: DataTableColumn<WageSheet>[] = [
    {
      key: 'number',
      header: t('wageSheets.fields.number'),
      sortKey: 'number',
      cell: (sheet) => (
        <span className="whitespace-nowrap font-medium text-fg">{sheet.number}</span>
      ),
    },
    {
      key: 'period',
      header: t('wageSheets.fields.period'),
      sortKey: 'period_to',
      firstDirection: 'desc',
      cell: (sheet) => <span className="whitespace-nowrap text-fg-muted">{period(sheet)}</span>,
    },
    {
      key: 'payee',
      header: t('wageSheets.fields.payee'),
      hideBelow: 'lg',
      cell: (sheet) => (
        <p className="min-w-0 max-w-48 truncate text-fg-muted">
          {payeeText(t, sheet, nameOf(sheet.labour_contractor))}
        </p>
      ),
    },
    figureColumn('man_days', t('wageSheets.fields.manDays'), (sheet) =>
      formatQuantity(sheet.man_days),
    ),
    figureColumn('gross', t('wageSheets.fields.gross'), (sheet) => rupees(sheet.gross), {
      sortKey: 'gross',
      firstDirection: 'desc',
      hideBelow: 'xl',
    }),
    figureColumn('advances', t('wageSheets.fields.advances'), (sheet) => rupees(sheet.advances), {
      tone: 'text-fg-muted',
      hideBelow: 'xl',
    }),
    figureColumn('net', t('wageSheets.fields.net'), (sheet) => rupees(sheet.net), {
      sortKey: 'net',
      firstDirection: 'desc',
      tone: 'font-medium text-fg',
    }),
    {
      key: 'status',
      header: t('wageSheets.fields.status'),
      sortKey: 'status',
      cell: (sheet) => (
        <WageSheetStatusBadge status={sheet.status} testId={`ws-status-${sheet.id}`} />
      ),
    },
  ];

  const mobileCard = (sheet: WageSheet) => (
    <div className="space-y-2.5">
      <CardHead
        title={sheet.number}
        subtitle={period(sheet)}
        aside={
          <p className="shrink-0 text-base font-semibold tabular-nums text-fg">
            {rupees(sheet.net)}
          </p>
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface-muted/70 px-3 py-2 text-sm">
        <WageSheetStatusBadge status={sheet.status} />
        <span className="min-w-0 truncate text-fg-muted">
          {t('wageSheets.list.summary', {
            payee: payeeText(t, sheet, nameOf(sheet.labour_contractor)),
            days: formatQuantity(sheet.man_days),
          })}
        </span>
      </div>
    </div>
  );

  return { columns, mobileCard };
}
