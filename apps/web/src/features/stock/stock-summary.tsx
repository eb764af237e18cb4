import type { StockReport } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';

/** The stock's total value, how many items and how many are low, as of the report's date. */
export function StockSummary({ report }: { report: StockReport }) {
  const { t, i18n } = useTranslation();
  return (
    <dl
      className="grid grid-cols-2 gap-2 rounded-2xl border border-border bg-surface p-3 shadow-card sm:grid-cols-3 sm:gap-4 sm:p-4"
      data-tour="stock-summary"
      data-testid="stock-summary"
    >
      {/* The value has the phone's whole width: crores do not fit a third of it (issue 38). */}
      <div className="col-span-2 min-w-0 sm:col-span-1">
        <dt className="text-xs font-medium text-fg-muted">
          {report.date
            ? t('stock.summary.valueOn', { date: formatBusinessDate(report.date, i18n.language) })
            : t('stock.summary.value')}
        </dt>
        <dd
          className="mt-0.5 break-words text-lg font-semibold tabular-nums text-fg sm:text-xl"
          data-testid="stock-total-value"
        >
          {formatRupees(report.total_value)}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs font-medium text-fg-muted">{t('stock.summary.items')}</dt>
        <dd className="mt-0.5 text-lg font-semibold tabular-nums text-fg sm:text-xl">
          {report.items.length}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs font-medium text-fg-muted">{t('stock.summary.low')}</dt>
        <dd
          className={
            report.low_count > 0
              ? 'mt-0.5 text-lg font-semibold tabular-nums text-danger sm:text-xl'
              : 'mt-0.5 text-lg font-semibold tabular-nums text-fg sm:text-xl'
          }
          data-testid="stock-low-count"
        >
          {report.low_count}
        </dd>
      </div>
    </dl>
  );
}
