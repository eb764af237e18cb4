/**
 * "Consumption": what the site used in the period, by work (slab, plaster…) and then item, or by
 * item alone; quantity, value at the average when it was used, and how many entries.
 */
import { formatInr, type ConsumptionReport, type ConsumptionReportRow } from '@siteledger/domain';
import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import type { DataTableProps } from '../../components/ui/data-table-types';
import { EmptyState } from '../../components/ui/empty-state';
import { formatQuantity } from '../../components/ui/quantity-field';
import { SegmentedToggle } from '../../components/ui/segmented-toggle';
import { formatInteger, formatRupees } from '../../lib/format';
import { useConsumptionReport } from './api';
import { ReportTotals } from './report-totals';
import { groupByWork, type ConsumptionGroup, type Period } from './stock-period';

const rowKey = (row: ConsumptionReportRow) => `${row.used_for ?? ''}\u0000${row.item}`;

export function ConsumptionReportView({
  period,
  group,
  onGroupChange,
}: {
  period: Period;
  group: ConsumptionGroup;
  onGroupChange: (group: ConsumptionGroup) => void;
}) {
  const { t } = useTranslation();
  const report = useConsumptionReport(period, group);
  const data = report.data;
  // While another grouping loads, the rows on screen may still be the other grouping's.
  const rows = data && data.group === group ? data.rows : undefined;

  return (
    <div className="space-y-4">
      <SegmentedToggle
        value={group}
        onChange={onGroupChange}
        segments={[
          { value: 'work', label: t('stockReports.consumption.byWork') },
          { value: 'item', label: t('stockReports.consumption.byItem') },
        ]}
        label={t('stockReports.consumption.groupLabel')}
        className="sm:w-80"
        testId="stock-consumption-group"
      />
      {group === 'work' && rows && rows.length > 0 ? (
        <WorkGroups rows={rows} fetching={report.isPlaceholderData} />
      ) : (
        <ConsumptionTable
          rows={rows}
          label={t('stockReports.consumption.title')}
          testId="stock-consumption-table"
          state={{
            loading: report.isPending || (!rows && !report.error),
            fetching: report.isPlaceholderData,
            error: report.error,
            onRetry: () => void report.refetch(),
          }}
        />
      )}
      {data && rows && rows.length > 0 ? <Totals data={data} /> : null}
    </div>
  );
}

function Totals({ data }: { data: ConsumptionReport }) {
  const { t } = useTranslation();
  const entries = data.rows.reduce((sum, row) => sum + row.entries, 0);
  return (
    <ReportTotals
      testId="stock-consumption-totals"
      totals={[
        {
          key: 'entries',
          label: t('stockReports.consumption.entries'),
          value: formatInteger(entries),
        },
        {
          key: 'value',
          label: t('stockReports.totals.value'),
          value: formatRupees(data.total_value),
        },
      ]}
    />
  );
}

/** One heading and table per work, with what that work used in all. */
function WorkGroups({ rows, fetching }: { rows: ConsumptionReportRow[]; fetching: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6" data-testid="stock-consumption-works">
      {groupByWork(rows).map((group, index) => {
        const work = group.work ?? t('stockReports.consumption.noWork');
        const id = `stock-consumption-work-${index}`;
        return (
          <section key={group.work ?? ''} aria-labelledby={id} className="space-y-2">
            <div className="flex items-baseline justify-between gap-3 px-1">
              <h3 id={id} className="truncate text-sm font-semibold text-fg">
                {work}
              </h3>
              <span className="shrink-0 text-sm font-semibold tabular-nums text-fg">
                {formatInr(group.valuePaise)}
              </span>
            </div>
            <ConsumptionTable rows={group.rows} label={work} testId={id} state={{ fetching }} />
          </section>
        );
      })}
    </div>
  );
}

/** `state`: the report's loading, refetching and failure (a work's table has only refetching). */
function ConsumptionTable({
  rows,
  label,
  testId,
  state,
}: {
  rows: ConsumptionReportRow[] | undefined;
  label: string;
  testId: string;
  state: Pick<DataTableProps<ConsumptionReportRow>, 'loading' | 'fetching' | 'error' | 'onRetry'>;
}) {
  const { t } = useTranslation();
  const columns: DataTableColumn<ConsumptionReportRow>[] = [
    {
      key: 'item',
      header: t('stockReports.columns.item'),
      cell: (row) => <span className="font-medium text-fg">{row.name}</span>,
    },
    {
      key: 'quantity',
      header: t('stockReports.columns.quantity'),
      align: 'right',
      cell: (row) => formatQuantity(row.quantity, row.unit),
    },
    {
      key: 'entries',
      header: t('stockReports.consumption.entries'),
      align: 'right',
      hideBelow: 'lg',
      cell: (row) => formatInteger(row.entries),
    },
    {
      key: 'value',
      header: t('stockReports.columns.value'),
      align: 'right',
      cell: (row) => <span className="font-medium">{formatRupees(row.value)}</span>,
    },
  ];
  const mobileCard = (row: ConsumptionReportRow) => (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="truncate font-medium text-fg">{row.name}</p>
        <p className="text-sm tabular-nums text-fg-muted">
          {t('stockReports.consumption.usedIn', {
            quantity: formatQuantity(row.quantity, row.unit),
            count: row.entries,
          })}
        </p>
      </div>
      <p className="shrink-0 font-semibold tabular-nums text-fg">{formatRupees(row.value)}</p>
    </div>
  );
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={rowKey}
      {...state}
      errorTitle={t('stockReports.loadFailed')}
      rowHref={(row) => `/items/${row.item}`}
      mobileCard={mobileCard}
      label={label}
      testId={testId}
      rowTestId={(row) => `${testId}-row-${row.item}`}
      empty={
        <EmptyState
          icon={<Hammer aria-hidden="true" />}
          title={t('stockReports.consumption.emptyTitle')}
          description={t('stockReports.consumption.emptyText')}
        />
      }
    />
  );
}
