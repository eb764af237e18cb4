import type { LedgerEntry, StatusFigures, VendorLedger as Ledger } from '@siteledger/domain';
import { ArrowDownUp, BookOpen, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses, Button } from '../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { DateField } from '../../components/ui/date-field';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
import { StatusBadge } from '../../components/ui/status-badge';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { recordsPath, useSiteId } from '../../lib/site-records';

/** The API's largest page: "All rows" reads the ledger in pages of this size. */
const ALL_ROWS_PAGE = 500;

type LedgerQuery = {
  from: string;
  to: string;
  sort: 'date' | '-date';
  page: number;
  perPage: number;
};

/**
 * GET …/vendors/{id}/ledger. Cached under the vendors collection, which every payment, delivery,
 * booking and return write refreshes. perPage 0 ("All rows") reads every page and joins them: a
 * five-year statement can be 10 000 rows, drawn virtualized by the table.
 */
function useVendorLedger(vendorId: string, query: LedgerQuery) {
  const siteId = useSiteId();
  const params = {
    sort: query.sort,
    page: query.page,
    perPage: query.perPage,
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
  };
  const path = recordsPath(siteId, 'vendors', vendorId, 'ledger');
  return useQuery({
    queryKey: [...queryKeys.records(siteId, 'vendors'), 'ledger', vendorId, params],
    queryFn: async ({ signal }) => {
      if (query.perPage > 0) return api.get<Ledger>(path, { query: params, signal });
      const pageOf = (page: number) =>
        api.get<Ledger>(path, { query: { ...params, page, perPage: ALL_ROWS_PAGE }, signal });
      const first = await pageOf(1);
      const entries = [...first.entries];
      for (let page = 2; page <= first.totalPages; page += 1) {
        entries.push(...(await pageOf(page)).entries);
      }
      return { ...first, entries, page: 1, perPage: 0, totalPages: 1 };
    },
    enabled: Boolean(siteId && vendorId),
    placeholderData: keepPreviousData,
  });
}

function Figure({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: number;
  strong?: boolean;
  testId: string;
}) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd
        className={cn(
          'truncate tabular-nums text-fg',
          strong ? 'text-lg font-semibold' : 'font-medium',
        )}
      >
        {formatRupees(value)}
      </dd>
    </div>
  );
}

function Breakdown({ title, rows }: { title: string; rows: [string, StatusFigures][] }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 space-y-2">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-fg-muted">{title}</h4>
      <ul className="space-y-1.5">
        {rows.map(([status, f]) => (
          <li
            key={status}
            className="flex items-center justify-between gap-2 text-sm"
            data-testid={`ledger-breakdown-${title}-${status}`}
          >
            <span className="flex items-center gap-2">
              <StatusBadge kind="payment" status={status} />
              <span className="whitespace-nowrap text-fg-muted">
                {t('vendorLedger.count', { count: f.count })}
              </span>
            </span>
            <span className="whitespace-nowrap tabular-nums text-fg">
              {f.due > 0
                ? t('vendorLedger.due', { amount: formatRupees(f.due) })
                : formatRupees(f.total_amount)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface LedgerRange {
  from: string;
  to: string;
}

/**
 * The vendor's account: figures, payment status breakdown and the running-balance ledger. The
 * date range belongs to the page, so the exports download the period on screen.
 */
export function VendorLedger({
  vendorId,
  canPay,
  range,
  onRangeChange,
}: {
  vendorId: string;
  canPay: boolean;
  range: LedgerRange;
  onRangeChange: (range: LedgerRange) => void;
}) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<'date' | '-date'>('-date');
  const { from, to } = range;
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(30);
  const ledger = useVendorLedger(vendorId, { from, to, sort, page, perPage });
  const data = ledger.data;
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);
  const money = (v: number) => (v ? formatRupees(v) : '—');

  const columns: DataTableColumn<LedgerEntry>[] = [
    {
      key: 'date',
      header: t('vendorLedger.date'),
      cell: (e) => <span className="whitespace-nowrap">{date(e.date)}</span>,
    },
    { key: 'type', header: t('vendorLedger.type'), cell: (e) => t(`vendorLedger.types.${e.type}`) },
    {
      key: 'reference',
      header: t('vendorLedger.reference'),
      hideBelow: 'lg',
      cell: (e) => <span className="text-fg-muted">{e.reference ?? '—'}</span>,
    },
    {
      key: 'debit',
      header: t('vendorLedger.debit'),
      align: 'right',
      cell: (e) => <span className="tabular-nums">{money(e.debit)}</span>,
    },
    {
      key: 'credit',
      header: t('vendorLedger.credit'),
      align: 'right',
      cell: (e) => <span className="tabular-nums">{money(e.credit)}</span>,
    },
    {
      key: 'balance',
      header: t('vendorLedger.balance'),
      align: 'right',
      cell: (e) => <span className="font-semibold tabular-nums">{formatRupees(e.balance)}</span>,
    },
  ];

  const mobileCard = (e: LedgerEntry) => (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="font-medium text-fg">{t(`vendorLedger.types.${e.type}`)}</p>
        <p className="truncate text-sm text-fg-muted">
          {date(e.date)}
          {e.reference ? ` · ${e.reference}` : ''}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className={cn('text-sm font-medium tabular-nums', e.debit ? 'text-success' : 'text-fg')}>
          {e.debit ? `− ${formatRupees(e.debit)}` : `+ ${formatRupees(e.credit)}`}
        </p>
        <p className="text-xs tabular-nums text-fg-muted">
          {t('vendorLedger.balanceAfter', { amount: formatRupees(e.balance) })}
        </p>
      </div>
    </div>
  );

  const s = data?.summary;
  const b = data?.status_breakdown;
  return (
    <section className="space-y-4" data-testid="vendor-ledger">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-fg">{t('vendorLedger.title')}</h2>
          <p className="text-sm text-fg-muted">{t('vendorLedger.subtitle')}</p>
        </div>
        {canPay ? (
          <Link
            to={`/payments?new=1&vendor=${vendorId}`}
            className={cn(buttonClasses('primary'), 'h-11 w-full sm:h-10 sm:w-auto')}
            data-testid="vendor-record-payment"
          >
            <Plus className="size-4" aria-hidden="true" />
            {t('vendorLedger.recordPayment')}
          </Link>
        ) : null}
      </div>

      {s && b ? (
        <div className="space-y-4 rounded-2xl border border-border bg-surface p-4 shadow-card">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            <Figure
              label={t('vendorLedger.ledgerBalance')}
              value={s.ledger_balance}
              strong
              testId="ledger-balance"
            />
            <Figure
              label={t('vendorLedger.outstanding')}
              value={s.outstanding}
              strong
              testId="ledger-outstanding"
            />
            <Figure
              label={t('vendorLedger.billed')}
              value={s.total_billed}
              testId="ledger-billed"
            />
            <Figure label={t('vendorLedger.paid')} value={s.total_paid} testId="ledger-paid" />
            <Figure
              label={t('vendorLedger.creditBalance')}
              value={s.credit_balance}
              testId="ledger-credit"
            />
          </dl>
          <div className="grid gap-4 border-t border-border pt-4 sm:grid-cols-2 sm:gap-8">
            <Breakdown
              title={t('vendorLedger.deliveries')}
              rows={[
                ['pending', b.deliveries.pending],
                ['partial', b.deliveries.partial],
                ['paid', b.deliveries.paid],
              ]}
            />
            <Breakdown
              title={t('vendorLedger.bookings')}
              rows={[
                ['pending', b.service_bookings.pending],
                ['partial', b.service_bookings.partial],
                ['currently_paid_up', b.service_bookings.currently_paid_up],
                ['paid', b.service_bookings.paid],
              ]}
            />
          </div>
        </div>
      ) : null}

      <div className="flex flex-wrap items-end gap-3">
        <DateField
          label={t('kit.toolbar.from')}
          value={from}
          onChange={(e) => {
            onRangeChange({ from: e.target.value, to });
            setPage(1);
          }}
          containerClassName="w-[calc(50%-0.375rem)] sm:w-44"
          data-testid="ledger-from"
        />
        <DateField
          label={t('kit.toolbar.to')}
          value={to}
          onChange={(e) => {
            onRangeChange({ from, to: e.target.value });
            setPage(1);
          }}
          containerClassName="w-[calc(50%-0.375rem)] sm:w-44"
          data-testid="ledger-to"
        />
        <Button
          variant="secondary"
          className="h-11 w-full sm:h-10 sm:w-auto"
          icon={<ArrowDownUp className="size-4" aria-hidden="true" />}
          onClick={() => {
            setSort(sort === 'date' ? '-date' : 'date');
            setPage(1);
          }}
          data-testid="ledger-sort"
        >
          {sort === '-date' ? t('vendorLedger.newestFirst') : t('vendorLedger.oldestFirst')}
        </Button>
      </div>
      {data && (from || to) ? (
        <p className="text-sm text-fg-muted" data-testid="ledger-range">
          {t('vendorLedger.range', {
            opening: formatRupees(data.opening_balance),
            closing: formatRupees(data.closing_balance),
          })}
        </p>
      ) : null}

      <DataTable
        columns={columns}
        rows={data?.entries}
        rowKey={(e) => `${e.type}-${e.id}`}
        loading={ledger.isPending}
        fetching={ledger.isPlaceholderData}
        error={ledger.error}
        onRetry={() => void ledger.refetch()}
        mobileCard={mobileCard}
        empty={
          <EmptyState
            icon={<BookOpen />}
            title={t('vendorLedger.empty')}
            description={t('vendorLedger.emptyHint')}
          />
        }
        label={t('vendorLedger.title')}
        testId="ledger-table"
        rowTestId={(e) => `ledger-row-${e.type}-${e.id}`}
      />
      {data ? (
        <Pagination
          page={page}
          perPage={perPage}
          totalItems={data.totalItems}
          totalPages={data.totalPages}
          onPageChange={setPage}
          onPerPageChange={(n) => {
            setPerPage(n);
            setPage(1);
          }}
          disabled={ledger.isPlaceholderData}
          allOption
          testId="ledger-pagination"
        />
      ) : null}
    </section>
  );
}
