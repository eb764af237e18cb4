/**
 * /reports/purchase-register — the site's purchases of a month (or any period) with their GST:
 * one row per bill and rate (returns negative), the totals per rate, and the input tax as
 * GSTR-3B table 4 reads it; CSV, PDF and Excel of the same period (issue 23, API.md "GST").
 */
import { permissionsFor } from '@siteledger/domain';
import { IndianRupee, Percent, ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/ui/page-frame';
import { useSearchParams } from 'react-router';
import { FigureCard } from '../../components/record-detail/figure-card';
import { DataTable } from '../../components/ui/data-table';
import { todayIso } from '../../components/ui/date-field';
import { EmptyState } from '../../components/ui/empty-state';
import { formatRupees } from '../../lib/format';
import { useSession } from '../../lib/session';
import { usePurchaseRegister } from './api';
import { InputTaxCard } from './input-tax-card';
import { useRegisterColumns } from './register-columns';
import { RegisterDownloads } from './register-downloads';
import { grandTotals, rowHref, rowKey, taxOf } from './register-figures';
import { monthOf, periodFromSearch, type Period } from '../../lib/month-period';
import { PeriodPicker } from '../../components/period-picker';
import { RegisterTotals } from './register-totals';

export function PurchaseRegisterPage() {
  const { t } = useTranslation();
  const can = permissionsFor(useSession().role);
  const [search, setSearch] = useSearchParams();
  const today = todayIso();
  const period = periodFromSearch(search, today);
  const register = usePurchaseRegister(period);
  const withOtherTax = Boolean(register.data?.rows.some((row) => row.other_tax_amount !== 0));
  const { columns, mobileCard } = useRegisterColumns(withOtherTax);

  const choose = (next: Period) => {
    const thisMonth = monthOf(today);
    // The current month is the default: it stays out of the address.
    if (next.from === thisMonth.from && next.to === thisMonth.to) setSearch({});
    else setSearch({ from: next.from, to: next.to });
  };

  const data = register.data;
  const rows = data?.rows;
  const grand = data ? grandTotals(data.totals_by_rate) : null;
  const hasRows = Boolean(rows && rows.length > 0);

  return (
    <PageFrame testId="page-purchase-register" texts="reports.register">
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <PeriodPicker period={period} onChange={choose} today={today} />
        {can.canExport ? <RegisterDownloads period={period} /> : null}
      </div>

      {hasRows && grand ? (
        <section
          aria-label={t('reports.register.summary')}
          className="grid grid-cols-2 gap-3 sm:gap-4"
        >
          <FigureCard
            label={t('reports.register.figures.taxable')}
            value={formatRupees(grand.taxable_amount)}
            caption={t('reports.register.figures.entries', { count: rows?.length ?? 0 })}
            icon={IndianRupee}
            tone="blue"
            testId="register-figure-taxable"
          />
          <FigureCard
            label={t('reports.register.figures.tax')}
            value={formatRupees(taxOf(grand))}
            caption={t('reports.register.figures.taxCaption')}
            icon={Percent}
            tone="orange"
            testId="register-figure-tax"
          />
        </section>
      ) : null}

      <DataTable
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        loading={register.isPending}
        fetching={register.isPlaceholderData}
        error={register.error}
        errorTitle={t('reports.register.loadFailed')}
        onRetry={() => void register.refetch()}
        rowHref={rowHref}
        mobileCard={mobileCard}
        label={t('reports.register.title')}
        testId="register-table"
        rowTestId={(row) => `register-row-${rowKey(row)}`}
        empty={
          <EmptyState
            icon={<ReceiptText aria-hidden="true" />}
            title={t('reports.register.emptyTitle')}
            description={t('reports.register.emptyText')}
          />
        }
      />

      {hasRows && data ? (
        <div className="space-y-6">
          <RegisterTotals totals={data.totals_by_rate} />
          <InputTaxCard summary={data.input_tax} />
        </div>
      ) : null}
    </PageFrame>
  );
}
