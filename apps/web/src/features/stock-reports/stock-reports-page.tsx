/**
 * /stock/reports — the site's stock as reports (issue 25, API.md "Site stock"): stock on a date,
 * the period statement (opening, in, out, closing) and consumption by work or item; each as CSV,
 * PDF and Excel. The choices live in the URL (stock-period.ts).
 */
import { permissionsFor } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/ui/page-frame';
import { useSearchParams } from 'react-router';
import { todayIso } from '../../components/ui/date-field';
import { SegmentedToggle } from '../../components/ui/segmented-toggle';
import { useSession } from '../../lib/session';
import { PeriodPicker } from '../../components/period-picker';
import { ConsumptionReportView } from './consumption-report';
import { StockDownloads } from './stock-downloads';
import { StockOnDateReport } from './stock-on-date-report';
import {
  dateFromSearch,
  groupFromSearch,
  nextSearch,
  periodFromSearch,
  reportFromSearch,
  STOCK_REPORTS,
  type Period,
} from './stock-period';
import { StockStatementReport } from './stock-statement-report';

export function StockReportsPage() {
  const { t } = useTranslation();
  const can = permissionsFor(useSession().role);
  const [search, setSearch] = useSearchParams();
  const today = todayIso();
  const report = reportFromSearch(search);
  const period = periodFromSearch(search, today);
  const group = groupFromSearch(search);
  // A typed date replaces the address (no history entry per keystroke); other choices add one.
  const change = (next: Parameters<typeof nextSearch>[1]) =>
    setSearch(nextSearch(search, next, today), { replace: next.date !== undefined });
  const periodQuery: Record<string, string> =
    report === 'consumption' ? { from: period.from, to: period.to, group } : { ...period };

  return (
    <PageFrame
      testId="page-stock-reports"
      texts="stockReports"
      back={{ to: '/stock', label: t('stockReports.back') }}
    >
      <SegmentedToggle
        value={report}
        onChange={(value) => change({ report: value })}
        segments={STOCK_REPORTS.map((value) => ({
          value,
          label: t(`stockReports.reports.${value}`),
        }))}
        label={t('stockReports.reports.label')}
        className="grid-cols-3! md:w-[32rem]"
        buttonClassName="h-11 px-1 text-center leading-tight sm:h-9"
        testId="stock-report-choice"
      />

      {report === 'on-date' ? (
        <StockOnDateReport
          date={dateFromSearch(search, today)}
          today={today}
          onDateChange={(date) => change({ date })}
          canExport={can.canExport}
        />
      ) : (
        <>
          <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
            <PeriodPicker
              period={period}
              onChange={(next: Period) => change({ period: next })}
              today={today}
              testId="stock-report-period"
            />
            {can.canExport ? <StockDownloads report={report} query={periodQuery} /> : null}
          </div>
          {report === 'statement' ? (
            <StockStatementReport period={period} />
          ) : (
            <ConsumptionReportView
              period={period}
              group={group}
              onGroupChange={(value) => change({ group: value })}
            />
          )}
        </>
      )}
    </PageFrame>
  );
}

// The route loads this page lazily as the module's default.
export default StockReportsPage;
