import { BookOpen, Plus } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';
import { useLedgerColumns } from './vendor-ledger-columns';
import { useVendorLedger, type LedgerRange, type LedgerSort } from './vendor-ledger-query';
import { VendorLedgerSummary } from './vendor-ledger-summary';
import { VendorLedgerToolbar } from './vendor-ledger-toolbar';

export type { LedgerRange } from './vendor-ledger-query';

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
  const { t } = useTranslation();
  const [sort, setSort] = useState<LedgerSort>('-date');
  const { from, to } = range;
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(30);
  const ledger = useVendorLedger(vendorId, { from, to, sort, page, perPage });
  // Drawn at transition priority: a page of rows (or "All rows") renders in slices that yield to
  // the browser instead of one long task when it arrives.
  const data = useDeferredValue(ledger.data);
  const { columns, mobileCard } = useLedgerColumns();

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

      {s && b ? <VendorLedgerSummary summary={s} breakdown={b} /> : null}

      <VendorLedgerToolbar
        range={range}
        onRangeChange={(next) => {
          onRangeChange(next);
          setPage(1);
        }}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
      />
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
        loading={ledger.isPending || (!data && !ledger.error)}
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
