/**
 * The TDS page's "Certificates and 26Q" tab (owners: a quarter's return spans the owner's sites
 * of the TAN): the quarter's Form 26Q download, and per deductee and section the figures of the
 * TDS certificate (Form 16A) — amount credited, TDS deducted, TDS deposited and the challans —
 * as GET …/reports/tds-certificates returns them.
 */
import { sumRupees, type TdsCertificates } from '@siteledger/domain';
import { FileBadge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { figureColumn } from '../../components/lines/columns';
import { CardHead } from '../../components/list-page/card-head';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { todayIso } from '../../lib/today';
import { useTdsCertificates } from './api';
import { Tds26qCard } from './tds-26q-card';
import { recentQuarters } from './tds-quarters';

type Deductee = TdsCertificates['deductees'][number];

const deducteeKey = (row: Deductee) => `${row.pan ?? row.name}-${row.section}`;

/** The quarter lives in the address (`?tab=quarter&quarter=2026-27-Q2`); the current one has none. */
export function TdsQuarterTab() {
  const [search, setSearch] = useSearchParams();
  const quarters = recentQuarters(todayIso());
  const asked = search.get('quarter');
  const quarter = asked && quarters.includes(asked) ? asked : (quarters[0] ?? '');
  const choose = (next: string) =>
    setSearch(next === quarters[0] ? { tab: 'quarter' } : { tab: 'quarter', quarter: next });
  return (
    <div className="space-y-6">
      <Tds26qCard quarter={quarter} quarters={quarters} onQuarterChange={choose} />
      <TdsCertificatesCard quarter={quarter} />
    </div>
  );
}

function TdsCertificatesCard({ quarter }: { quarter: string }) {
  const { t, i18n } = useTranslation();
  const answer = useTdsCertificates(quarter);
  const data = answer.data;
  const rows = data?.deductees;
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);
  const pan = (row: Deductee) => row.pan ?? t('tds.noPan');
  const short = (row: Deductee) => row.tds_deposited < row.tds_deducted;
  const deposited = (row: Deductee) => (
    <span className={short(row) ? 'font-medium text-warning-soft-fg' : undefined}>
      {formatRupees(row.tds_deposited)}
    </span>
  );
  const challans = (row: Deductee) =>
    row.challans.length > 0
      ? row.challans
          .map((c) =>
            t('tds.certificates.challan', {
              bsr: c.bsr_code,
              serial: c.challan_serial,
              date: date(c.deposit_date),
            }),
          )
          .join('; ')
      : t('tds.certificates.noChallan');

  const columns: DataTableColumn<Deductee>[] = [
    {
      key: 'deductee',
      header: t('tds.columns.vendor'),
      cell: (row) => <p className="min-w-0 max-w-56 truncate font-medium text-fg">{row.name}</p>,
    },
    {
      key: 'pan',
      header: t('tds.columns.pan'),
      cell: (row) => <span className="whitespace-nowrap font-mono text-xs">{pan(row)}</span>,
    },
    { key: 'section', header: t('tds.columns.section'), cell: (row) => row.section },
    figureColumn('credited', t('tds.certificates.credited'), (row) =>
      formatRupees(row.amount_credited),
    ),
    figureColumn(
      'deducted',
      t('tds.certificates.deducted'),
      (row) => formatRupees(row.tds_deducted),
      { tone: 'font-medium text-fg' },
    ),
    figureColumn('deposited', t('tds.certificates.deposited'), deposited),
    {
      key: 'challans',
      header: t('tds.certificates.challans'),
      hideBelow: 'xl',
      cell: (row) => <span className="text-xs text-fg-muted">{challans(row)}</span>,
    },
  ];

  const mobileCard = (row: Deductee) => (
    <div className="space-y-1.5">
      <CardHead
        title={row.name}
        subtitle={`${pan(row)} · § ${row.section}`}
        aside={
          <p className="shrink-0 font-semibold tabular-nums text-fg">
            {formatRupees(row.tds_deducted)}
          </p>
        }
      />
      <p className="text-sm text-fg-muted">
        {t('tds.certificates.card', {
          credited: formatRupees(row.amount_credited),
          deposited: formatRupees(row.tds_deposited),
        })}
      </p>
      <p className="break-words text-xs text-fg-muted">{challans(row)}</p>
    </div>
  );

  const totals = rows && rows.length > 0 ? rows : null;
  return (
    <section
      className="space-y-3"
      data-testid="tds-certificates"
      aria-labelledby="tds-certificates-title"
    >
      <div>
        <h2 id="tds-certificates-title" className="text-base font-semibold text-fg">
          {t('tds.certificates.title')}
        </h2>
        {data ? (
          <p className="mt-0.5 text-sm text-fg-muted" data-testid="tds-certificates-scope">
            {t(data.tan ? 'tds.certificates.scope' : 'tds.certificates.scopeNoTan', {
              from: date(data.from),
              to: date(data.to),
              tan: data.tan ?? '',
              sites: data.sites.map((site) => site.name).join(', '),
            })}
          </p>
        ) : null}
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={deducteeKey}
        loading={answer.isPending}
        fetching={answer.isPlaceholderData}
        error={answer.error}
        errorTitle={t('tds.certificates.loadFailed')}
        onRetry={() => void answer.refetch()}
        mobileCard={mobileCard}
        label={t('tds.certificates.title')}
        testId="tds-certificates-table"
        rowTestId={(row) => `tds-certificate-${deducteeKey(row)}`}
        empty={
          <EmptyState
            icon={<FileBadge aria-hidden="true" />}
            title={t('tds.certificates.emptyTitle')}
            description={t('tds.certificates.emptyText')}
          />
        }
      />
      {totals ? (
        <dl
          className="grid grid-cols-1 gap-2 rounded-2xl border border-border bg-surface p-4 text-sm sm:grid-cols-3 sm:gap-4 sm:p-5"
          data-testid="tds-certificates-totals"
        >
          {(
            [
              ['credited', (row: Deductee) => row.amount_credited],
              ['deducted', (row: Deductee) => row.tds_deducted],
              ['deposited', (row: Deductee) => row.tds_deposited],
            ] as const
          ).map(([key, value]) => (
            <div
              key={key}
              className="flex items-baseline justify-between gap-3 sm:flex-col sm:items-start sm:gap-0.5"
            >
              <dt className="text-fg-muted">{t(`tds.certificates.total.${key}`)}</dt>
              <dd className="font-semibold tabular-nums text-fg">
                {formatRupees(sumRupees(totals.map(value)))}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
