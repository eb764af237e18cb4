/**
 * /tds — the TDS register of a period (API.md "TDS"): every credit TDS was taken on (deliveries,
 * service bookings, RA bills, work-order advances) with its section, base, rate and the date the
 * tax is due; the totals by section; CSV and Excel of the same period. Financial roles. Owners
 * have a second tab (`?tab=quarter`): the quarter's 26Q and the certificate figures per deductee.
 */
import { permissionsFor, sumRupees } from '@siteledger/domain';
import { IndianRupee, Percent, ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ReportDownloads } from '../../components/lines/report-downloads';
import { UrlTabs, useUrlTab } from '../../components/list-page/url-tabs';
import { PeriodPicker } from '../../components/period-picker';
import { FigureCard } from '../../components/record-detail/figure-card';
import { DataTable } from '../../components/ui/data-table';
import { todayIso } from '../../lib/today';
import { EmptyState } from '../../components/ui/empty-state';
import { PageFrame } from '../../components/ui/page-frame';
import { formatRupees } from '../../lib/format';
import { monthOf, periodFromSearch, type Period } from '../../lib/month-period';
import { useSession } from '../../lib/session';
import { downloadTds, useTdsReport, type TdsFile } from './api';
import { TdsQuarterTab } from './tds-certificates';
import { tdsRowKey, useTdsColumns } from './tds-columns';
import { TdsDepositsCard } from './tds-deposits-card';

const FILES: readonly TdsFile[] = ['csv', 'xlsx'];
const TABS = ['register', 'quarter'] as const;

export function TdsPage() {
  const { t } = useTranslation();
  const { role } = useSession();
  const owner = role === 'owner';
  const urlTab = useUrlTab(TABS);
  // A quarter's return spans the owner's sites of the TAN: the other roles have the register only.
  const tab = owner ? urlTab : 'register';

  return (
    <PageFrame testId="page-tds" texts="tds.page">
      {owner ? (
        <UrlTabs
          tabs={TABS}
          tab={tab}
          label={(name) => t(`tds.tabs.${name}`)}
          testId="tds-tab"
          tour="tds-tabs"
        />
      ) : null}
      {tab === 'quarter' ? <TdsQuarterTab /> : <TdsRegister />}
    </PageFrame>
  );
}

function TdsRegister() {
  const { t } = useTranslation();
  const { role } = useSession();
  const can = permissionsFor(role);
  const [search, setSearch] = useSearchParams();
  const today = todayIso();
  const period = periodFromSearch(search, today);
  const report = useTdsReport(period);
  const { columns, mobileCard } = useTdsColumns();

  const choose = (next: Period) => {
    const thisMonth = monthOf(today);
    // The current month is the default: it stays out of the address.
    if (next.from === thisMonth.from && next.to === thisMonth.to) setSearch({});
    else setSearch({ from: next.from, to: next.to });
  };
  const data = report.data;
  const sections = data?.totals_by_section ?? [];

  return (
    <>
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div data-tour="tds-period">
          <PeriodPicker period={period} onChange={choose} today={today} />
        </div>
        {can.canExport ? (
          <ReportDownloads
            fetchFile={(siteId, format) => downloadTds(siteId, format as TdsFile, period)}
            formats={FILES}
            keys="tds.download"
            testId="tds-download"
          />
        ) : null}
      </div>

      {data && data.rows.length > 0 ? (
        <section aria-label={t('tds.summary')} className="grid grid-cols-2 gap-3 sm:gap-4">
          <FigureCard
            label={t('tds.figures.tds')}
            value={formatRupees(sumRupees(sections.map((row) => row.tds_amount)))}
            caption={t('tds.figures.entries', { count: data.rows.length })}
            icon={Percent}
            tone="orange"
            testId="tds-figure-total"
          />
          <FigureCard
            label={t('tds.figures.base')}
            value={formatRupees(sumRupees(sections.map((row) => row.base)))}
            caption={t('tds.figures.baseCaption')}
            icon={IndianRupee}
            tone="blue"
            testId="tds-figure-base"
          />
        </section>
      ) : null}

      <DataTable
        columns={columns}
        rows={data?.rows}
        rowKey={tdsRowKey}
        loading={report.isPending}
        fetching={report.isPlaceholderData}
        error={report.error}
        errorTitle={t('tds.loadFailed')}
        onRetry={() => void report.refetch()}
        mobileCard={mobileCard}
        label={t('tds.page.title')}
        testId="tds-table"
        rowTestId={(row) => `tds-row-${tdsRowKey(row)}`}
        empty={
          <EmptyState
            icon={<ReceiptText aria-hidden="true" />}
            title={t('tds.emptyTitle')}
            description={t('tds.emptyText')}
          />
        }
      />

      {data ? <TdsDepositsCard report={data} canDeposit={can.canViewFinancials} /> : null}
      {sections.length > 0 ? (
        <section
          className="rounded-2xl border border-border bg-surface p-5"
          data-testid="tds-sections"
        >
          <h2 className="text-sm font-semibold text-fg">{t('tds.bySection')}</h2>
          <dl className="mt-3 divide-y divide-border text-sm">
            {sections.map((row) => (
              <div
                key={row.section}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
                data-testid={`tds-section-${row.section}`}
              >
                <dt className="font-medium text-fg">§ {row.section}</dt>
                <dd className="tabular-nums text-fg-muted">
                  {t('tds.sectionTotals', {
                    base: formatRupees(row.base),
                    tds: formatRupees(row.tds_amount),
                  })}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </>
  );
}
