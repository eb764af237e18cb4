/**
 * A per-item stock report on screen ("Stock on a date", "Period statement"): its rows as a table
 * (cards on phones), each opening its item, with the report's value totals beneath once there are
 * rows. Texts under `stockReports.<kind>.title|emptyTitle|emptyText`; test ids `<stem>-table`,
 * `<stem>-row-<item>` and `<stem>-totals`.
 */
import { Boxes, ScrollText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { ReportTotals } from './report-totals';

/** Each report's test id stem and empty-state icon. */
const REPORTS = {
  onDate: { stem: 'stock-on-date', Icon: Boxes },
  statement: { stem: 'stock-statement', Icon: ScrollText },
} as const;

interface ReportQuery<Data> {
  data?: Data | undefined;
  isPending: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

export function StockReportTable<Row extends { item: string }, Data extends { items: Row[] }>({
  report,
  view: { columns, mobileCard },
  kind,
  totals,
}: {
  report: ReportQuery<Data>;
  view: { columns: DataTableColumn<Row>[]; mobileCard: (row: Row) => ReactNode };
  kind: keyof typeof REPORTS;
  totals: (data: Data) => readonly { key: string; label: string; value: string }[];
}) {
  const { t } = useTranslation();
  const data = report.data;
  const { stem: testId, Icon } = REPORTS[kind];
  const keys = `stockReports.${kind}`;
  return (
    <>
      <DataTable
        columns={columns}
        rows={data?.items}
        rowKey={(row) => row.item}
        loading={report.isPending}
        fetching={report.isPlaceholderData}
        error={report.error}
        errorTitle={t('stockReports.loadFailed')}
        onRetry={() => void report.refetch()}
        rowHref={(row) => `/items/${row.item}`}
        mobileCard={mobileCard}
        label={t(`${keys}.title`)}
        testId={`${testId}-table`}
        rowTestId={(row) => `${testId}-row-${row.item}`}
        empty={
          <EmptyState
            icon={<Icon aria-hidden="true" />}
            title={t(`${keys}.emptyTitle`)}
            description={t(`${keys}.emptyText`)}
          />
        }
      />
      {data && data.items.length > 0 ? (
        <ReportTotals testId={`${testId}-totals`} totals={totals(data)} />
      ) : null}
    </>
  );
}
