import type { TdsReportRow } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { figureColumn } from '../../components/lines/columns';
import { CardHead } from '../../components/list-page/card-head';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';

export const tdsRowKey = (row: TdsReportRow) => `${row.source}-${row.id}`;

/** The register's columns and phone card: a credit, its vendor and PAN, section, base, rate, TDS. */
export function useTdsColumns() {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);
  const source = (row: TdsReportRow) => t(`tds.sources.${row.source}`);
  const columns: DataTableColumn<TdsReportRow>[] = [
    {
      key: 'date',
      header: t('tds.columns.date'),
      cell: (row) => <span className="whitespace-nowrap">{date(row.date)}</span>,
    },
    { key: 'source', header: t('tds.columns.source'), cell: source },
    {
      key: 'vendor',
      header: t('tds.columns.vendor'),
      cell: (row) => <span className="font-medium text-fg">{row.vendor_name}</span>,
    },
    {
      key: 'pan',
      header: t('tds.columns.pan'),
      hideBelow: 'lg',
      cell: (row) => <span className="font-mono text-xs">{row.pan ?? t('tds.noPan')}</span>,
    },
    { key: 'section', header: t('tds.columns.section'), cell: (row) => row.section },
    figureColumn('base', t('tds.columns.base'), (row) => formatRupees(row.base)),
    figureColumn('rate', t('tds.columns.rate'), (row) => `${row.rate} %`),
    figureColumn('tds', t('tds.columns.tds'), (row) => formatRupees(row.tds_amount), {
      tone: 'font-medium text-fg',
    }),
    {
      key: 'due',
      header: t('tds.columns.due'),
      hideBelow: 'lg',
      cell: (row) => <span className="whitespace-nowrap">{date(row.due_date)}</span>,
    },
  ];
  const mobileCard = (row: TdsReportRow) => (
    <div className="space-y-1.5">
      <CardHead
        title={row.vendor_name}
        subtitle={`${source(row)} · ${date(row.date)}`}
        aside={
          <p className="shrink-0 font-semibold tabular-nums text-fg">
            {formatRupees(row.tds_amount)}
          </p>
        }
      />
      <p className="text-sm text-fg-muted">
        {t('tds.card', {
          section: row.section,
          rate: row.rate,
          base: formatRupees(row.base),
          due: date(row.due_date),
        })}
      </p>
    </div>
  );
  return { columns, mobileCard };
}
