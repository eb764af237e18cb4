/**
 * "Stock on a date": what each item had on hand at the end of the chosen day, its moving
 * average cost and value (low-stock items first, as the server orders them), and the total.
 */
import type { StockRow } from '@siteledger/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/ui/data-table';
import { DateField } from '../../components/ui/date-field';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatInteger, formatRupees } from '../../lib/format';
import { useStockOnDate } from './api';
import { LowBadge } from './low-badge';
import { StockDownloads } from './stock-downloads';
import { StockReportTable } from './stock-report-table';
import { isDate } from '../../lib/month-period';

export function StockOnDateReport({
  date,
  today,
  onDateChange,
  canExport,
}: {
  date: string;
  today: string;
  onDateChange: (date: string) => void;
  canExport: boolean;
}) {
  const { t } = useTranslation();
  // Today is the stock as it stands (the server's default), so it matches each item's on hand.
  const query: Record<string, string> = date === today ? {} : { date };
  const report = useStockOnDate(query.date ?? null);
  // The field keeps what is being typed; the report follows once it is a whole date.
  const [draft, setDraft] = useState(date);
  useEffect(() => setDraft(date), [date]);
  const draftError =
    isDate(draft) && draft > today ? t('stockReports.onDate.futureDate') : undefined;
  const columns: DataTableColumn<StockRow>[] = [
    {
      key: 'item',
      header: t('stockReports.columns.item'),
      cell: (row) => (
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium text-fg">{row.name}</span>
          {row.low ? <LowBadge /> : null}
        </span>
      ),
    },
    {
      key: 'unit',
      header: t('stockReports.columns.unit'),
      cell: (row) => <span className="text-fg-muted">{row.unit}</span>,
    },
    {
      key: 'on_hand',
      header: t('stockReports.columns.onHand'),
      align: 'right',
      cell: (row) => (
        <span className={row.on_hand < 0 ? 'text-danger' : ''}>{formatQuantity(row.on_hand)}</span>
      ),
    },
    {
      key: 'average_cost',
      header: t('stockReports.columns.averageCost'),
      align: 'right',
      cell: (row) => formatRupees(row.average_cost),
    },
    {
      key: 'value',
      header: t('stockReports.columns.value'),
      align: 'right',
      cell: (row) => <span className="font-medium">{formatRupees(row.value)}</span>,
    },
  ];

  const mobileCard = (row: StockRow) => (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="flex items-center gap-2">
          <span className="truncate font-medium text-fg">{row.name}</span>
          {row.low ? <LowBadge /> : null}
        </p>
        <p className="text-sm tabular-nums text-fg-muted">
          {t('stockReports.onDate.atCost', {
            quantity: formatQuantity(row.on_hand, row.unit),
            cost: formatRupees(row.average_cost),
          })}
        </p>
      </div>
      <p className="shrink-0 font-semibold tabular-nums text-fg">{formatRupees(row.value)}</p>
    </div>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <DateField
          label={t('stockReports.onDate.date')}
          value={draft}
          max={today}
          error={draftError}
          onChange={(event) => {
            const value = event.target.value;
            setDraft(value);
            if (isDate(value) && value <= today) onDateChange(value);
          }}
          containerClassName="sm:w-52"
          data-testid="stock-report-date"
        />
        {canExport ? <StockDownloads report="on-date" query={query} /> : null}
      </div>
      <StockReportTable
        report={report}
        view={{ columns, mobileCard }}
        kind="onDate"
        totals={(data) => [
          {
            key: 'low',
            label: t('stockReports.onDate.lowCount'),
            value: formatInteger(data.low_count),
          },
          {
            key: 'value',
            label: t('stockReports.totals.value'),
            value: formatRupees(data.total_value),
          },
        ]}
      />
    </div>
  );
}
